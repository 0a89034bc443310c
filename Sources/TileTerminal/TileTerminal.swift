// The ncurses front end (dashboard issue).
import CNcursesw
import TileUI
