package ui

import (
	"net"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// silentPort is a port on 127.0.0.1 that takes connections and never
// answers on them.
func silentPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		var held []net.Conn
		defer func() {
			for _, c := range held {
				_ = c.Close()
			}
		}()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			held = append(held, c)
		}
	}()
	return ln.Addr().String()
}

// r against a port that takes the connection and never answers said
// "could not connect again (try 2)" when detection's first probe gave up,
// while the bar still read "detecting", and then "(try 3)" for the one
// press: the try counts the user's connects, and the failure is said
// once detection is over.
func TestLiveSilentPortAgainSaysOneTryOnceDetectionIsOver(t *testing.T) {
	addr := silentPort(t)
	l := startLiveReady(t, mcp.Config{URL: "http://" + addr + "/mcp", EndpointTimeout: 300 * time.Millisecond}, 80, 24, "and GET")
	l.mark()
	l.tm.Type("r")
	// The try said, then the bar once detection is over; not the words
	// of the probes, which a loaded machine can meet apart.
	l.waitUntil(func(seen []byte) bool { return triedAgainRe.Match([]byte(ansi.Strip(string(seen)))) })
	m := l.quit()
	seen := ansi.Strip(l.seen.String()[l.from:])
	if strings.Contains(seen, "(try 3)") {
		t.Errorf("one press of r was counted as two tries:\n%s", ansi.Strip(m.View()))
	}
	// The bar drawn under the try: still detecting, it was said early.
	after := seen[strings.Index(seen, "(try 2)"):]
	if d := strings.Index(after, "detecting"); d >= 0 && d < strings.Index(after, "● failed") {
		t.Errorf("the failure was said before detection was over:\n%s", after)
	}
}

var triedAgainRe = regexp.MustCompile(`again at \d\d:\d\d:\d\d \(try 2\)[\s\S]*● failed`)
