package proxy

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// BenchmarkAddedLatencyBeside is BenchmarkAddedLatency's tools/list (a
// 12.6 KiB answer, as the demo gateway's) alone, and beside two other
// clients busy at once: one with its GET event stream open, fed an event
// a millisecond, and one fetching 4 MiB answers back to back. It reports
// the first client's added p50 and p99 as it sees them (its wait through
// the proxy less its wait direct) and as the proxy logs them (the relay
// leg's duration less the upstream leg's, the Pairs' +PROXY column).
//
//	go test ./mcp/proxy -run '^$' -bench AddedLatencyBeside -benchtime 2000x
func BenchmarkAddedLatencyBeside(b *testing.B) {
	tools := `{"jsonrpc":"2.0","id":1,"result":{"tools":[` + strings.TrimSuffix(strings.Repeat(`{"name":"tool","description":"`+strings.Repeat("d", 100)+`"},`, 97), ",") + `]}}`
	big := `{"jsonrpc":"2.0","id":1,"result":{"text":"` + strings.Repeat("x", 4<<20) + `"}}`
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		switch {
		case r.Method == http.MethodGet:
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			t := time.NewTicker(time.Millisecond)
			defer t.Stop()
			for i := 0; ; i++ {
				fmt.Fprintf(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"n\":%d}}\n\n", i)
				w.(http.Flusher).Flush()
				select {
				case <-r.Context().Done():
					return
				case <-t.C:
				}
			}
		case r.Header.Get("Mcp-Session-Id") == "big":
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "event: message\ndata: "+big+"\n\n")
		default:
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, tools)
		}
	}))
	b.Cleanup(up.Close)
	for _, beside := range []bool{false, true} {
		name := "alone"
		if beside {
			name = "beside"
		}
		b.Run(name, func(b *testing.B) {
			var mu sync.Mutex
			relayed := map[int64]time.Duration{} // the relay leg's duration by request record
			upstream := map[int64]time.Duration{}
			// logged is the added latency the proxy logged of each request
			// with both its legs in; more is told of each batch read.
			logged := func() []time.Duration {
				mu.Lock()
				defer mu.Unlock()
				var added []time.Duration
				for seq, d := range relayed {
					if u, ok := upstream[seq]; ok {
						added = append(added, history.ProxyAdded(u, d))
					}
				}
				return added
			}
			more := make(chan struct{}, 1)
			proxied := benchProxy(b, up.URL, Config{OnStart: func(c *Client) {
				go func() {
					for batch := range c.Records() {
						c.mu.Lock()
						bench := c.sessionID == "bench"
						c.mu.Unlock()
						for _, r := range batch {
							if !bench || r.Kind != mcp.KindHTTP || r.HTTP.ReqSeq == 0 {
								continue
							}
							mu.Lock()
							switch r.HTTP.Purpose {
							case mcp.PurposeRelay:
								relayed[r.HTTP.ReqSeq] = r.HTTP.Duration
							case mcp.PurposePost:
								upstream[r.HTTP.ReqSeq] = r.HTTP.Duration
							}
							mu.Unlock()
						}
						if bench {
							select {
							case more <- struct{}{}:
							default:
							}
						}
					}
				}()
			}})
			ctx, cancel := context.WithCancel(context.Background())
			var busy sync.WaitGroup
			b.Cleanup(func() {
				cancel()
				busy.Wait()
			})
			if beside {
				busy.Add(2)
				go func() {
					defer busy.Done()
					besideStream(ctx, proxied)
				}()
				go func() {
					defer busy.Done()
					for ctx.Err() == nil {
						_, _ = benchPost(ctx, http.DefaultClient, proxied, "big", "tools/call")
					}
				}()
			}
			addedLatency(b, up.URL, proxied)
			cancel()
			busy.Wait()
			// The legs' records come to the watcher after the answers: read
			// at once, the last calls' (or all, on a loaded machine) were
			// not in yet, and the logged figures were left out.
			added := logged()
			for deadline := time.After(10 * time.Second); len(added) < b.N; added = logged() {
				select {
				case <-more:
				case <-deadline:
					b.Fatalf("the proxy logged both legs of %d of the %d calls within 10s", len(added), b.N)
				}
			}
			b.ReportMetric(ms(percentile(added, 0.5)), "logged-p50-ms")
			b.ReportMetric(ms(percentile(added, 0.99)), "logged-p99-ms")
		})
	}
}

// besideStream holds a GET event stream of session "inspector" open
// through the proxy at url, reading it, until ctx ends.
func besideStream(ctx context.Context, url string) {
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/mcp", nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", "inspector")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}
