package mcptest

import (
	"net"
	"strconv"
	"sync"
	"syscall"
	"testing"
)

// hold binds a socket to a free port of 127.0.0.1 and never listens on
// it: Linux answers a connection there with a reset (refused), and gives
// no other socket the port while it is bound. free closes it, once.
func hold(t testing.TB) (string, func()) {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatalf("a socket to hold a port: %v", err)
	}
	var once sync.Once
	free := func() { once.Do(func() { syscall.Close(fd) }) }
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		free()
		t.Fatalf("binding a port to hold: %v", err)
	}
	sa, err := syscall.Getsockname(fd)
	in4, ok := sa.(*syscall.SockaddrInet4)
	if err != nil || !ok {
		free()
		t.Fatalf("the held port's address: %v", err)
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(in4.Port)), free
}
