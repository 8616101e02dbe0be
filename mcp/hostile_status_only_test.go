package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that sends its status line, or part of its headers, and closes
// the connection is said to have closed it partway through its answer's
// headers, in every transport, not as net/http's "HTTP/1.x transport
// connection broken: unexpected EOF".
func TestConnectionClosedAfterTheStatusLineIsSaid(t *testing.T) {
	for _, tc := range []struct{ name, answer string }{
		{"the status line alone", "HTTP/1.1 200 OK\r\n"},
		{"a header cut off", "HTTP/1.1 200 OK\r\nContent-Type: appl"},
		{"whole headers but the blank line", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"},
	} {
		for _, transport := range []string{TransportStreamable, TransportSSE, TransportStateless} {
			t.Run(tc.name+"/"+transport, func(t *testing.T) {
				url := mcptest.RawAnswer(t, tc.answer)
				s := NewSession(Config{URL: url + "/mcp", Transport: transport, RequestTimeout: 10 * time.Second, EndpointTimeout: 10 * time.Second})
				rec := collect(s)
				err := s.Connect(testCtx(t))
				want := "the server closed the connection partway through its answer's status line and headers (unexpected EOF)"
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("Connect = %v, want it to say %q", err, want)
				}
				if err != nil && strings.Contains(err.Error(), "transport connection broken") {
					t.Errorf("Connect = %v, want no net/http words", err)
				}
				s.Close()
				rec.waitEnd(t)
			})
		}
	}
}
