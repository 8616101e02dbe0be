package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A client that uploads its request slowly (its head, then the body a
// while later): the headless answer line's total and its parts are on one
// clock and written alike, so no part reads more than the total. The
// client's leg was timed from the request's arrival and the total from the
// message's logging, rounded apart: "ok 285µs (…, proxy added 100ms)".
func TestProxyHeadlessAnswerTimeHoldsItsParts(t *testing.T) {
	up, _ := initUpstream(t, func(*http.Request) string { return "" })
	h := startHeadless(t, up+"/mcp", proxyFlags{})
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"slow","version":"1"}}}`
	conn, err := net.Dial("tcp", strings.TrimPrefix(h.run.base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	_, _ = io.WriteString(conn, "POST /mcp HTTP/1.1\r\nHost: "+strings.TrimPrefix(h.run.base, "http://")+
		"\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"+body[:10])
	// The slow upload itself, not a wait for anything: the client's
	// body is still on its way.
	time.Sleep(150 * time.Millisecond)
	_, _ = io.WriteString(conn, body[10:])
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	h.stop()

	m := regexp.MustCompile(`← initialize id=1 ok (\S+) \(upstream's headers after (\S+), proxy added (\S+)\)`).FindStringSubmatch(h.errw.String())
	if m == nil {
		t.Fatalf("no answer line with its times:\n%s", h.errw.String())
	}
	total := parseShown(t, m[1])
	for _, part := range m[2:] {
		if parseShown(t, part) > total {
			t.Errorf("the answer line %q has a part (%s) longer than its total", m[0], part)
		}
	}
}

// parseShown reads a duration as history.FormatDuration writes it.
func parseShown(t *testing.T, s string) time.Duration {
	t.Helper()
	d, err := time.ParseDuration(s)
	if err != nil {
		t.Fatalf("%q is no duration: %v", s, err)
	}
	return d
}
