/* epoll and eventfd for TileBase's Reactor: Swift's Glibc module leaves both out. */
#ifndef TILES_CEPOLL_SHIM_H
#define TILES_CEPOLL_SHIM_H

#include <sys/epoll.h>
#include <sys/eventfd.h>

#endif
