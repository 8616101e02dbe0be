package main

import (
	"net"
	"strings"
	"testing"
)

// replay --against a server that is not there says what to do about it,
// as exec does: it printed only "connection refused".
func TestRerunAgainstNothingSaysWhatToDo(t *testing.T) {
	path, _ := copyRecording(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String() + "/mcp"
	ln.Close() // nothing listens there now: the connection is refused
	_, errOut, code := run(t, "replay", path, "--against", url)
	if code != exitConnect || !strings.Contains(errOut, "hint: nothing answered at "+ln.Addr().String()) {
		t.Errorf("replay --against %s: exit %d, stderr %q; want exit %d with what to do", url, code, errOut, exitConnect)
	}
}
