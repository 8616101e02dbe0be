package main

import (
	"context"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/spf13/cobra"
)

// benchProxySessions begins a new client session through a headless
// proxy to the demo gateway each op, as `exec URL/mcp tools/list` does
// (hundreds of them in a loop): its server/discover probe, initialize,
// notifications/initialized, tools/list and DELETE. The proxy starts the
// session as the initialize comes (the probe folds into it), so that
// request waits for what starting it costs. With record the proxy
// records each session to a file of its own, as it does by default;
// without, --no-record. It reports the initialize's p50 and p99.
//
//	go test . -run '^$' -bench ProxyNewSessions -benchtime 500x -cpuprofile cpu.out
func benchProxySessions(b *testing.B, record bool) {
	srv := demotest.Start(b, demo.Options{})
	pf := proxyFlags{listen: "127.0.0.1:0", headless: true, noRecord: !record}
	if record {
		pf.recordDir = b.TempDir()
	}
	pcf := &connFlags{}
	pcf.registerProxy(&cobra.Command{}) // the flags' defaults
	run, err := startProxy(srv.URL, pcf, &pf, io.Discard)
	if err != nil {
		b.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run.headless(ctx) }()
	b.Cleanup(func() {
		stop()
		select {
		case err := <-done:
			if err != nil {
				b.Error(err)
			}
		case <-time.After(10 * time.Second):
			b.Error("the headless proxy did not stop")
		}
	})
	client := &http.Client{Timeout: 10 * time.Second}
	post := func(sid, version, method, body string) (string, time.Duration) {
		req, _ := http.NewRequest(http.MethodPost, run.base+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", version)
		req.Header.Set("Mcp-Method", method)
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
		}
		start := time.Now()
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		_, err = io.Copy(io.Discard, resp.Body)
		took := time.Since(start)
		resp.Body.Close()
		if err != nil || resp.StatusCode/100 != 2 {
			b.Fatalf("%s: %s %v", method, resp.Status, err)
		}
		return resp.Header.Get("Mcp-Session-Id"), took
	}
	var took []time.Duration
	for b.Loop() {
		post("", "2026-07-28", "server/discover", discover)
		sid, t := post("", "2025-06-18", "initialize", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"mcpscope","version":"dev"}}}`)
		took = append(took, t)
		post(sid, "2025-06-18", "notifications/initialized", `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		post(sid, "2025-06-18", "tools/list", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
		req, _ := http.NewRequest(http.MethodDelete, run.base+"/mcp", nil)
		req.Header.Set("Mcp-Session-Id", sid)
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
		}
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2])/1e6, "initialize-p50-ms")
	b.ReportMetric(float64(took[min(len(took)*99/100, len(took)-1)])/1e6, "initialize-p99-ms")
}

func BenchmarkProxyNewSessions(b *testing.B)           { benchProxySessions(b, true) }
func BenchmarkProxyNewSessionsUnrecorded(b *testing.B) { benchProxySessions(b, false) }

// discover is exec's server/discover probe, as it sends it.
const discover = `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"mcpscope","version":"dev"},"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`
