"""Writes the certificates the refused-certificate tests serve (needs python3-cryptography):
python3 make_refused.py, in this folder.

authority.pem    a test authority the tests trust through SSL_CERT_FILE (its key is not kept)
expired.pem      for 127.0.0.1, by the authority, valid only in January 2020
other-name.pem   for example.com, by the authority, valid to 2126
self-signed.pem  for 127.0.0.1, signed by itself, valid to 2126
unknown-ca.pem   for 127.0.0.1, by an authority nobody trusts, valid to 2126
leaf.key         the key of all four server certificates
"""
import datetime
import ipaddress

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

LONG_AGO = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)
FAR_OFF = datetime.datetime(2126, 1, 1, tzinfo=datetime.timezone.utc)


def name(text):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])


def authority(title):
    key = ec.generate_private_key(ec.SECP256R1())
    certificate = (x509.CertificateBuilder().subject_name(name(title)).issuer_name(name(title))
                   .public_key(key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(LONG_AGO).not_valid_after(FAR_OFF)
                   .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                   .sign(key, hashes.SHA256()))
    return key, certificate


def leaf(key, subject, alternative, issuer_key, issuer, start=LONG_AGO, end=FAR_OFF):
    certificate = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(issuer.subject)
                   .public_key(key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(start).not_valid_after(end)
                   .add_extension(x509.SubjectAlternativeName([alternative]), critical=False)
                   .sign(issuer_key, hashes.SHA256()))
    return certificate


def write(path, certificate):
    with open(path, "wb") as file:
        file.write(certificate.public_bytes(serialization.Encoding.PEM))


def main():
    trusted_key, trusted = authority("tiles test authority for refusals")
    stranger_key, stranger = authority("an authority nobody trusts")
    key = ec.generate_private_key(ec.SECP256R1())
    loopback = x509.IPAddress(ipaddress.ip_address("127.0.0.1"))
    write("authority.pem", trusted)
    write("expired.pem", leaf(key, "127.0.0.1", loopback, trusted_key, trusted,
                              end=datetime.datetime(2020, 2, 1, tzinfo=datetime.timezone.utc)))
    write("other-name.pem", leaf(key, "example.com", x509.DNSName("example.com"), trusted_key, trusted))
    write("unknown-ca.pem", leaf(key, "127.0.0.1", loopback, stranger_key, stranger))
    self_signed = (x509.CertificateBuilder().subject_name(name("127.0.0.1")).issuer_name(name("127.0.0.1"))
                   .public_key(key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(LONG_AGO).not_valid_after(FAR_OFF)
                   .add_extension(x509.SubjectAlternativeName([loopback]), critical=False)
                   .sign(key, hashes.SHA256()))
    write("self-signed.pem", self_signed)
    with open("leaf.key", "wb") as file:
        file.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                     serialization.NoEncryption()))


if __name__ == "__main__":
    main()
