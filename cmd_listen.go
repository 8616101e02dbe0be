package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
)

// listenFailure says why mcpscope could not listen on addr (the proxy's
// --listen, the demo gateway's --addr) and what to do, once: net's own
// words named the address three times ("cannot listen on A: demo gateway:
// listen on "A": listen tcp A: bind: address already in use").
func listenFailure(flag, addr string, err error) error {
	var errno syscall.Errno
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return fmt.Errorf("cannot listen on %s: the address is in use (another mcpscope or another server listens there): pick another port with %s, or port 0 for any free one", addr, flag)
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return fmt.Errorf("cannot listen on %s: no network interface of this machine has that address: use 127.0.0.1 with %s", addr, flag)
	case errors.Is(err, syscall.EACCES):
		return fmt.Errorf("cannot listen on %s: permission denied (a port below 1024 needs privileges): pick a port above 1024 with %s", addr, flag)
	case errors.As(err, &errno):
		return fmt.Errorf("cannot listen on %s: %v", addr, errno)
	}
	return fmt.Errorf("cannot listen on %s: %v", addr, err)
}

// loopbackAddr reports whether a listener mcpscope opened (the demo
// gateway's, the proxy's) is loopback only. It judges the address the
// system gave the listener, not the host as typed: a name the hosts file
// maps to 127.0.0.1 is loopback, and "" or 0.0.0.0 is every interface.
func loopbackAddr(a net.Addr) bool {
	tcp, ok := a.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}

// warnBeyondLoopback warns on w, in the one wording of both listeners,
// when the listener at a, which what names, can be reached beyond this
// machine: risk says who could do what with it, keep the flag that keeps
// it here. The address is the one listened on, so port 0 reads as the
// port it picked.
func warnBeyondLoopback(w io.Writer, a net.Addr, what, risk, keep string) {
	if loopbackAddr(a) {
		return
	}
	fmt.Fprintf(w, "warning: %s listens on %s, beyond this machine%s (%s keeps it here)\n", what, a, risk, keep)
}

// listenRefusal says why the proxy will not listen on addr, as typed, whose
// listener the system gave the address a: it is not loopback (judged as
// the warning judges it, by loopbackAddr) and --listen-any was not given.
// The proxy relays to a server with the user's credentials, so anyone who
// can reach it can use them.
func listenRefusal(addr string, a net.Addr) error {
	host := a.String()
	if tcp, ok := a.(*net.TCPAddr); ok {
		host = tcp.IP.String()
		if tcp.IP.IsUnspecified() {
			host = "every address"
		}
	}
	return fmt.Errorf("--listen %q: %s is not loopback; anyone who can reach it could use the upstream with your credentials. Pass --listen-any if that is what you want", addr, host)
}
