package main

import (
	"bufio"
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
	"github.com/mcpscope/mcpscope/mcp/proxy"
)

// A call upstream never answered (its client killed mid-call) was named by
// a headless line as the session ended; the TUI's report when the user
// quit said nothing of it. The report now names it, in the TUI as in
// headless.
func TestProxyQuitReportNamesARequestNeverAnswered(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{Store: mcptest.StoreStream, Handle: mcptest.SlowTool})
	run := tuiProxy(t, up.URL, proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()})
	left := make(chan struct{}, 1)
	go func() {
		// The TUI: it reads every session's records.
		for c := range run.sessions.show() {
			if c.Log != nil {
				defer c.Log.Close()
			}
			go func() {
				for batch := range c.Records {
					for _, r := range batch {
						if proxy.AnswerStreamDropped(r.State) {
							left <- struct{}{}
						}
					}
				}
			}()
		}
	}()
	url := run.base + "/mcp"
	_, sid := clientPost(t, url, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"killed","version":"1"}}}`)
	clientPost(t, url, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	ctx, drop := context.WithTimeout(context.Background(), 10*time.Second)
	defer drop()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{}}}`))
	for k, v := range map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
		"Mcp-Session-Id": sid, "MCP-Protocol-Version": "2025-11-25"} {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil {
		t.Fatalf("the answer stream: %v", err)
	}
	drop()
	resp.Body.Close()
	select {
	case <-left:
	case <-time.After(10 * time.Second):
		t.Fatal("the TUI was not told the client closed the answer stream")
	}
	run.stop()
	var report bytes.Buffer
	_ = run.sessions.report(&report, 0)
	if out := report.String(); !strings.Contains(out, "1 request was never answered: it still waited when its session ended (#1 tools/call slow id=2)") {
		t.Errorf("the report does not name the call never answered:\n%s", out)
	}
}
