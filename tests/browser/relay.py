"""The server as a phone reaches it: a TCP relay in front of the live server that a test switches between passing
everything on, stopped (its port closed and every connection cut, as when the server's process is killed:
connection refused), frozen (connections accepted, requests read, nothing ever answered: a laptop asleep, Wi-Fi
without uplink) and slow (each request passed on ``delay`` seconds late). Every kept phone of the tests reaches the
server through one (conftest.py: server)."""

import re
import socket
import threading
import time


class Server:
    REQUEST = re.compile(rb"([A-Z]+) (\S+) HTTP/")
    STATUS = re.compile(rb"HTTP/1\.[01] (\d{3})")

    def __init__(self, upstream, port=0):
        self.upstream, self.listener, self.open = upstream, None, []
        self.delay = 0.0  # slow: seconds each request waits before it is passed on
        self.slow_only = re.compile(rb"[A-Z]+ /")  # which requests are slow (say, rb"POST " for the changes only)
        self.frozen = False
        self.answered = []  # (method and path, status) of every answer passed back, in order
        self.lock = threading.Lock()
        self.port = port
        self.start()
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self):
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port, self.listener, self.frozen = listener.getsockname()[1], listener, False
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def stop(self):
        """Killed: the port refuses connections, and what was open is cut."""
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the thread waiting in accept: the port is closed
        except OSError:
            pass
        self.listener.close()
        self._cut()

    def freeze(self):
        """Connections are accepted and requests read, but nothing is ever answered (what is open is cut first, so
        that no answer under way still arrives)."""
        self.frozen = True
        self._cut()

    def thaw(self):
        """Answers again: what was read while frozen is never answered (its connections are cut, as a server that
        came back from a freeze drops them), new connections pass."""
        self.frozen = False
        self._cut()

    def answers_to(self, method, path):
        """The statuses the server gave ``method path`` (a path's start), in order."""
        with self.lock:
            return [status for request, status in self.answered if request[0] == method and request[1].startswith(path)]

    def _cut(self):
        with self.lock:
            connections, self.open = self.open, []
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            connection.close()

    def _accept(self, listener):
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # stopped
            if self.frozen:
                with self.lock:
                    self.open.append(client)
                threading.Thread(target=self._swallow, args=(client,), daemon=True).start()
                continue
            upstream = socket.create_connection(self.upstream)
            asked = []  # the requests on this connection not yet answered, in order
            with self.lock:
                self.open += [client, upstream]
            threading.Thread(target=self._requests, args=(client, upstream, asked), daemon=True).start()
            threading.Thread(target=self._answers, args=(upstream, client, asked), daemon=True).start()

    def _swallow(self, client):
        try:
            while client.recv(65536):
                pass
        except OSError:
            pass

    def _requests(self, source, target, asked):
        try:
            while data := source.recv(65536):
                if self.frozen:  # read, never passed on: never answered
                    continue
                if request := self.REQUEST.match(data):
                    asked.append((request[1].decode(), request[2].decode()))
                    if self.delay and self.slow_only.match(data):
                        time.sleep(self.delay)  # a slow server: the request is answered late
                target.sendall(data)
        except OSError:
            pass
        # the phone hung up (it gave up waiting): what it asked still reaches the server, which answers it, and the
        # answer is recorded though nobody reads it (a late answer counts: what did the server do?)
        self._close(source)
        try:
            target.shutdown(socket.SHUT_WR)
        except OSError:
            pass

    def _answers(self, source, target, asked):
        try:
            while data := source.recv(65536):
                if (status := self.STATUS.match(data)) and asked:
                    with self.lock:
                        self.answered.append((asked.pop(0), int(status[1])))
                target.sendall(data)
        except OSError:
            pass
        self._close(source, target)

    @staticmethod
    def _close(*ends):
        for end in ends:
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
