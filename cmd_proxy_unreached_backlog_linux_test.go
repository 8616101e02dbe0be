package main

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A client retrying its initialize against an upstream whose accept
// backlog is full (its connect hangs; the client's timeout ends each
// attempt first) got a recording per attempt, each saying the client
// left before upstream answered, where the attempts at an upstream never
// reached are folded into one: the client left none that was reached.
func TestProxyFoldsClientsThatLeftAnUpstreamNeverReached(t *testing.T) {
	stateDir(t)
	h := startHeadless(t, "http://"+fullBacklog(t)+"/mcp", proxyFlags{})
	const attempts = 3
	for i := range attempts {
		initializeGivenUp(t, h.run.base, "retrier", time.After(300*time.Millisecond))
		h.waitFor(fmt.Sprintf("#%d retrier 1 · streamable · closed", i+1))
	}
	h.stop()
	out := h.errw.String()
	recording := onlyRecording(t, h.dir)
	if !strings.Contains(recording, "sessions-upstream-never-answered") || !strings.Contains(out, "3 sessions ended with nothing answered by upstream") {
		t.Errorf("the attempts at an upstream never reached are not folded in one recording (%s):\n%s", recording, out)
	}
}

// fullBacklog is the address of a listener that accepts nothing and whose
// accept backlog is full: a connect to it hangs (Linux drops the SYNs).
func fullBacklog(t *testing.T) string {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Close(fd) })
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Listen(fd, 0); err != nil {
		t.Fatal(err)
	}
	sa, err := syscall.Getsockname(fd)
	if err != nil {
		t.Fatal(err)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", sa.(*syscall.SockaddrInet4).Port)
	// Fill the backlog: connects complete until it is full, then one hangs.
	for range 16 {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return addr
		}
		if err != nil {
			t.Fatalf("connect to %s: %v, want it to hang", addr, err)
		}
		t.Cleanup(func() { c.Close() })
	}
	t.Fatalf("16 connects to %s completed: its backlog never filled", addr)
	return ""
}
