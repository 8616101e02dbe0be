package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
	"github.com/mcpscope/mcpscope/mcp/proxy"
	"github.com/spf13/cobra"
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
	killedCall(t, run.base+"/mcp")
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

// killedCall opens a session at url and sends it a call of upstream's slow
// tool (mcptest.SlowTool), then hangs up once upstream's first event of
// the call came through: a client killed mid-call.
func killedCall(t *testing.T, url string) {
	t.Helper()
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
	defer resp.Body.Close()
	if _, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil {
		t.Fatalf("the answer stream: %v", err)
	}
}

// A session that began once the TUI had quit, while the proxy closed, was
// drained unread: a call of it never answered was said by headless's
// report and not by the TUI's. The TUI's report names it too.
func TestProxyQuitReportNamesACallOfASessionAfterTheTUI(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{Store: mcptest.StoreStream, Handle: mcptest.SlowTool})
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{})
	dir := t.TempDir()
	run, err := startProxy(up.URL, cf, &proxyFlags{listen: "127.0.0.1:0", recordDir: dir}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	run.sessions.unshow() // the user quit the TUI
	stopped := false
	t.Cleanup(func() {
		if !stopped {
			run.stop()
		}
	})
	killedCall(t, run.base+"/mcp")
	// Stopped first, the proxy cuts the call itself: the recording,
	// flushed every 100 ms, says when the proxy saw the client go.
	for deadline := time.Now().Add(10 * time.Second); ; {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
		if len(paths) == 1 {
			if b, _ := os.ReadFile(paths[0]); bytes.Contains(b, []byte("the client closed the answer stream to ")) {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the recording never said the client closed the answer stream")
		}
		time.Sleep(20 * time.Millisecond)
	}
	run.stop()
	stopped = true
	var report bytes.Buffer
	_ = run.sessions.report(&report, 0)
	if out := report.String(); !strings.Contains(out, "1 request was never answered: it still waited when its session ended (#1 tools/call slow id=2)") {
		t.Errorf("the report does not name the call never answered:\n%s", out)
	}
}
