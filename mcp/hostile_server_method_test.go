package mcp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server request whose method is a megabyte long is answered "method not
// found" with its id, and the answer quotes the method in part: an answer
// the size of the question doubles what a hostile server makes the client
// send back.
func TestServerRequestWithHugeMethodGetsABoundedAnswer(t *testing.T) {
	method := "x/" + strings.Repeat("M", 1<<20)
	replies := make(chan json.RawMessage, 1)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			resp, err := x.ServerRequest(x.Context(), method, map[string]any{})
			if err != nil {
				t.Errorf("the server's request: %v", err)
			}
			replies <- resp
		}
		x.Default()
	}})
	s := NewSession(Config{URL: srv.Endpoint(), Transport: TransportStreamable})
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	resp := <-replies
	var r struct {
		Error struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(resp, &r); err != nil || r.Error.Code != CodeMethodNotFound {
		t.Fatalf("the answer %.200s: %v, want a -32601 error", resp, err)
	}
	if len(resp) > 4096 || !strings.Contains(r.Error.Message, "x/MMM") || !strings.Contains(r.Error.Message, "bytes)") {
		t.Errorf("the answer is %d bytes, message %.300q; want at most 4096 quoting the method in part", len(resp), r.Error.Message)
	}
}
