package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
)

// A client that answers an id the server never asked (or answers a server
// request a second time) was printed "→ reply to server request id=4242",
// as if upstream had asked it something. The line now says no server
// request waited on that id.
func TestProxyHeadlessSaysAStrayReplyAnswersNothing(t *testing.T) {
	h := startHeadless(t, startGateway(t, demo.Options{}), proxyFlags{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	sid := ""
	post := func(body string) {
		t.Helper()
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, h.run.base+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
			req.Header.Set("MCP-Protocol-Version", "2025-11-25")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode/100 != 2 {
			t.Fatalf("POST %.60s: %s, want the gateway's success relayed", body, resp.Status)
		}
		if sid == "" {
			sid = resp.Header.Get("Mcp-Session-Id")
		}
	}
	post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"stray","version":"1"}}}`)
	post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	post(`{"jsonrpc":"2.0","id":4242,"result":{}}`)
	h.stop()

	out := h.errw.String()
	if strings.Contains(out, "reply to server request id=4242") {
		t.Errorf("stderr says the client replied to a server request with id 4242, which upstream never sent:\n%.3000s", out)
	}
	if !strings.Contains(out, "→ reply to no server request waiting (never asked, or answered already) id=4242") {
		t.Errorf("stderr does not say the reply answers no server request:\n%.3000s", out)
	}
	files, _ := filepath.Glob(filepath.Join(h.dir, "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("recordings %q, want the one session's", files)
	}
	md, errOut, code := run(t, "export", files[0])
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	if !strings.Contains(md, "reply to no server request (never asked, or answered already): answered") {
		t.Errorf("the export does not title the stray reply as answering no server request:\n%.3000s", md)
	}
}
