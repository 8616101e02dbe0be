package mcp

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer with two Content-Type headers is read by the first, and when
// that makes its body the wrong kind the error names both: "labelled
// text/event-stream" alone sent the user looking for a header the server
// also set right, in every era.
func TestTwoContentTypesAreSaid(t *testing.T) {
	const want = `"text/event-stream" (the first of 2 Content-Type headers, the others saying "application/json")`
	for _, l := range listToolsInBothEras(t, func(x *mcptest.Exchange) {
		if x.Method != "tools/list" {
			x.Default()
			return
		}
		x.Header()["Content-Type"] = []string{"text/event-stream", "application/json"}
		x.Status(http.StatusOK, "", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[]}}`)
	}) {
		if CauseOf(l.err) != CauseBadContentType || !strings.Contains(l.err.Error(), want) {
			t.Errorf("%s: tools/list = %v, want it to say %s", l.url, l.err, want)
		}
	}

	// The legacy stream's GET, labelled JSON first.
	url := mcptest.RawAnswer(t, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Type: text/event-stream\r\nContent-Length: 2\r\n\r\n{}")
	s := NewSession(Config{URL: url + "/sse", Transport: TransportSSE, EndpointTimeout: 10 * time.Second})
	rec := collect(s)
	err := s.Connect(testCtx(t))
	const wantGet = `Content-Type "application/json" (the first of 2 Content-Type headers, the others saying "text/event-stream"), not an event stream`
	if err == nil || !strings.Contains(err.Error(), wantGet) {
		t.Errorf("legacy Connect = %v, want it to say %s", err, wantGet)
	}
	s.Close()
	rec.waitEnd(t)
}
