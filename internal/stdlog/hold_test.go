package stdlog

import (
	"bytes"
	"log"
	"net"
	"net/http"
	"strings"
	"testing"
)

// What net/http logs while the TUI owns the screen (a handler's panic in
// the demo gateway or the proxy, which run in this process) is held, not
// written across the panes, and printed, made safe, once the TUI is gone.
func TestLogHeldWhileTheTUIRuns(t *testing.T) {
	var terminal bytes.Buffer
	prev := log.Writer()
	log.SetOutput(&terminal)
	defer log.SetOutput(prev)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("boom \x1b]52;c;aGk=\x07 gone")
	})}
	go srv.Serve(ln)
	defer srv.Close()

	var after bytes.Buffer
	restore := Hold(&after)
	if resp, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
		resp.Body.Close()
	}
	// The panic is logged before the connection closes, which ended the GET.
	if terminal.Len() != 0 {
		t.Errorf("written to the screen while the TUI ran: %q", terminal.String())
	}
	restore()
	out := after.String()
	if !strings.Contains(out, "logged while the TUI was open:") || !strings.Contains(out, "panic serving") || !strings.Contains(out, "boom") {
		t.Errorf("after the TUI: %q, want the held panic", out)
	}
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("the held log reaches the terminal with its control bytes: %q", out)
	}
	log.Print("after")
	if !strings.Contains(terminal.String(), "after") {
		t.Errorf("the standard logger was not given back: %q", terminal.String())
	}
}

// A logger that never stops keeps a bounded amount, and says how much
// more there was.
func TestHeldLogIsBounded(t *testing.T) {
	var after bytes.Buffer
	restore := Hold(&after)
	line := strings.Repeat("x", 1000)
	for range 1000 {
		log.Print(line)
	}
	restore()
	if after.Len() > maxHeld+200 || !strings.Contains(after.String(), "bytes more, not kept") {
		t.Errorf("held %d bytes; tail %q", after.Len(), after.String()[max(after.Len()-80, 0):])
	}
}
