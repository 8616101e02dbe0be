package main

import (
	"net"
	"strings"
	"testing"
)

// An address something else listens on is said once, with what to do:
// net's words named it three times ("cannot listen on A: demo gateway:
// listen on "A": listen tcp A: bind: address already in use").
func TestListenAddressInUseIsSaidOnce(t *testing.T) {
	stateDir(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	for _, args := range [][]string{
		{"demo-server", "--addr", addr},
		{"proxy", "--headless", "--no-record", "--listen", addr, "http://127.0.0.1:1"},
	} {
		_, errOut, code := run(t, args...)
		if code != exitConnect || !strings.Contains(errOut, "cannot listen on "+addr+": the address is in use") || !strings.Contains(errOut, "port 0 for any free one") {
			t.Errorf("%v: exit %d %q, want exit %d saying the address is in use", args, code, errOut, exitConnect)
		}
		if n := strings.Count(errOut, addr); n != 1 || strings.Contains(errOut, "bind:") || strings.Contains(errOut, "listen tcp") {
			t.Errorf("%v: %q names the address %d times or says net's words", args, errOut, n)
		}
	}
}
