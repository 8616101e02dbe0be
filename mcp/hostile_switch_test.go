package mcp

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// switchingServer answers initialize as a streamable server with a session
// does, takes notifications, and answers any other request with a 101
// Switching Protocols to websocket, after which it says nothing.
func switchingServer(t *testing.T) string {
	return mcptest.RawAnswers(t, func(_ *http.Request, body []byte) (string, bool) {
		switch {
		case bytes.Contains(body, []byte(`"initialize"`)):
			id := body[bytes.Index(body, []byte(`"id":`))+5:]
			id = id[:bytes.IndexAny(id, ",}")]
			res := `{"jsonrpc":"2.0","id":` + string(id) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"switch","version":"1"}}}`
			return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: s1\r\nContent-Length: " + strconv.Itoa(len(res)) + "\r\n\r\n" + res, false
		case !bytes.Contains(body, []byte(`"id"`)):
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		}
		return "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n", true
	})
}

// A 101 Switching Protocols hands the connection over, and net/http gives
// it back as the answer's body, which no timeout ends: a server that
// answered a request with one and then said nothing held the request past
// --timeout, and quitting, until it hung up. It is refused at once as bad
// HTTP naming the switch, and the session closes at once.
func TestSwitchingProtocolsIsRefusedAtOnce(t *testing.T) {
	// The timeout is longer than the wait below: the refusal must come
	// before it, and a short one could fire first on a loaded machine,
	// before the 101 came back.
	s := NewSession(Config{URL: switchingServer(t) + "/mcp", Transport: TransportStreamable, RequestTimeout: 30 * time.Second})
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := s.Request(testCtx(t), "tools/list", nil)
		done <- err
	}()
	select {
	case err := <-done:
		if CauseOf(err) != CauseBadHTTP || !strings.Contains(err.Error(), "101 Switching Protocols") || !strings.Contains(err.Error(), "websocket") {
			t.Errorf("Request = %v (cause %q), want bad HTTP naming the switch to websocket", err, CauseOf(err))
		}
	case <-time.After(10 * time.Second):
		t.Errorf("tools/list still waits 10s after a 101 answer: it waits for its timeout or for the server to hang up")
	}
	closed := make(chan struct{})
	go func() { s.Close(); close(closed) }()
	waitClosed(t, closed, "Close after a 101 answer")
}

// A status HTTP does not have (net/http reads any three digits) is bad
// HTTP, and the JSON-RPC answer in its body is not taken for the answer.
func TestStatusHTTPDoesNotHaveIsBadHTTP(t *testing.T) {
	const body = `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"x","version":"1"}}}`
	url := mcptest.RawAnswer(t, "HTTP/1.1 999 Weird\r\nContent-Type: application/json\r\nContent-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"+body)
	s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable})
	defer s.Close()
	err := s.Connect(testCtx(t))
	if CauseOf(err) != CauseBadHTTP || !strings.Contains(err.Error(), "answered status 999 Weird, which HTTP does not have") {
		t.Errorf("Connect = %v (cause %q), want bad HTTP naming status 999", err, CauseOf(err))
	}
}
