package main

import (
	"errors"
	"fmt"
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
