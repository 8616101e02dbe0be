package proxy

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The speed targets of the proxy, measured on loopback in one run:
//
//	go test ./mcp/proxy -run XXX -bench . -benchtime 2000x
//
// BenchmarkAddedLatency: a request and its answer through the proxy against
// the same directly, alternating; it reports the added p50 and p99.
// BenchmarkAddedLatencyBeside: the same for a 12.6 KiB answer, alone and
// beside two busy clients, also as the proxy logs it (+PROXY).
// BenchmarkEventLatency: from an SSE event leaving upstream to its reaching
// the client, through the proxy and directly.
// BenchmarkLargeAnswer: a 20 MB answer relayed; the peak heap in use above
// what it was before, sampled while it streams.

// quiet drains and drops every session's records, as a proxy with a
// consumer that keeps up does.
func quiet(c *Client) {
	go func() {
		for range c.Records() {
		}
	}()
}

// benchProxy serves a proxy to upstream and returns its URL.
func benchProxy(b *testing.B, upstream string, cfg Config) string {
	cfg.Upstream = upstream
	if cfg.OnStart == nil {
		cfg.OnStart = quiet
	}
	p, err := New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(p)
	b.Cleanup(func() {
		ts.Close()
		p.Close()
	})
	return ts.URL
}

// percentile is the p-th percentile of ds, sorted in place.
func percentile(ds []time.Duration, p float64) time.Duration {
	slices.Sort(ds)
	return ds[min(int(float64(len(ds))*p), len(ds)-1)]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func BenchmarkAddedLatency(b *testing.B) {
	for _, answer := range []string{"json", "sse"} {
		b.Run(answer, func(b *testing.B) {
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				io.Copy(io.Discard, r.Body)
				msg := `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`
				if answer == "sse" {
					w.Header().Set("Content-Type", "text/event-stream")
					io.WriteString(w, "event: message\ndata: "+msg+"\n\n")
					return
				}
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, msg)
			}))
			b.Cleanup(up.Close)
			proxied := benchProxy(b, up.URL, Config{})
			addedLatency(b, up.URL, proxied)
		})
	}
}

// addedLatency times b.N tools/list calls to the upstream at direct and
// as many through the proxy at proxied, alternating, and reports the p50
// and p99 of each and what the proxy added to them.
func addedLatency(b *testing.B, direct, proxied string) {
	call := toolsList(b)
	call(direct)
	call(proxied)
	alone := make([]time.Duration, 0, b.N)
	through := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		alone = append(alone, call(direct))
		through = append(through, call(proxied))
	}
	b.StopTimer()
	d50, d99 := percentile(alone, 0.5), percentile(alone, 0.99)
	p50, p99 := percentile(through, 0.5), percentile(through, 0.99)
	b.ReportMetric(ms(d50), "direct-p50-ms")
	b.ReportMetric(ms(p50), "proxied-p50-ms")
	b.ReportMetric(ms(p50-d50), "added-p50-ms")
	b.ReportMetric(ms(d99), "direct-p99-ms")
	b.ReportMetric(ms(p99), "proxied-p99-ms")
	b.ReportMetric(ms(p99-d99), "added-p99-ms")
}

// toolsList returns a call that posts a tools/list of session "bench" to
// the MCP endpoint of a base URL and returns how long its answer took to
// come whole.
func toolsList(b *testing.B) func(url string) time.Duration {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}, Timeout: testTimeout}
	return func(url string) time.Duration {
		took, err := benchPost(context.Background(), client, url, "bench", "tools/list")
		if err != nil {
			b.Fatal(err)
		}
		return took
	}
}

// benchPost posts a request of method in session sid to the MCP endpoint
// of url and reads its answer whole; it returns how long that took.
func benchPost(ctx context.Context, client *http.Client, url, sid, method string) (time.Duration, error) {
	req, _ := http.NewRequestWithContext(ctx, "POST", url+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"`+method+`"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", sid)
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return time.Since(start), err
}

func BenchmarkEventLatency(b *testing.B) {
	// Upstream writes one event per tick on a stream that stays open; the
	// event carries the time it was written.
	tick := make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		w.(http.Flusher).Flush()
		for {
			select {
			case <-r.Context().Done():
				return
			case _, ok := <-tick:
				if !ok {
					return
				}
			}
			fmt.Fprintf(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"t\":%d}}\n\n", time.Now().UnixNano())
			w.(http.Flusher).Flush()
		}
	}))
	b.Cleanup(func() {
		close(tick)
		up.Close()
	})
	proxied := benchProxy(b, up.URL, Config{})
	for _, target := range []struct{ name, url string }{{"direct", up.URL}, {"proxied", proxied}} {
		b.Run(target.name, func(b *testing.B) {
			// The stream lasts the whole run, so no one deadline fits it: a
			// watchdog, pushed back at every event, ends it when one takes
			// longer than testTimeout.
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			watchdog := time.AfterFunc(testTimeout, cancel)
			defer watchdog.Stop()
			req, _ := http.NewRequestWithContext(ctx, "GET", target.url+"/mcp", nil)
			req.Header.Set("Accept", "text/event-stream")
			req.Header.Set("Mcp-Session-Id", "bench")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			defer resp.Body.Close()
			br := bufio.NewReader(resp.Body)
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				watchdog.Reset(testTimeout)
				select {
				case tick <- struct{}{}:
				case <-ctx.Done():
					b.Fatalf("the server took no tick within %s", testTimeout)
				}
				for {
					line, err := br.ReadString('\n')
					if err != nil {
						b.Fatalf("reading the event stream (no event within %s ends it): %v", testTimeout, err)
					}
					if i := strings.Index(line, `"t":`); i >= 0 {
						sent, _ := strconv.ParseInt(strings.TrimRight(line[i+4:], "}\n"), 10, 64)
						lat = append(lat, time.Since(time.Unix(0, sent)))
						br.ReadString('\n') // the blank line
						break
					}
				}
			}
			b.StopTimer()
			b.ReportMetric(ms(percentile(lat, 0.5)), "p50-ms")
			b.ReportMetric(ms(percentile(lat, 0.99)), "p99-ms")
		})
	}
}

// peakHeap samples the heap in use every millisecond until stop, and
// returns the highest it saw.
func peakHeap(stop <-chan struct{}) <-chan uint64 {
	out := make(chan uint64, 1)
	go func() {
		var peak uint64
		var ms runtime.MemStats
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
			select {
			case <-stop:
				out <- peak
				return
			case <-t.C:
			}
		}
	}()
	return out
}

func BenchmarkLargeAnswer(b *testing.B) {
	const size = 20 << 20
	payload := `{"jsonrpc":"2.0","id":1,"result":{"text":"` + strings.Repeat("x", size) + `"}}`
	for _, answer := range []string{"json", "sse"} {
		b.Run(answer, func(b *testing.B) {
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				io.Copy(io.Discard, r.Body)
				if answer == "sse" {
					w.Header().Set("Content-Type", "text/event-stream")
					io.WriteString(w, "event: message\ndata: ")
					io.WriteString(w, payload)
					io.WriteString(w, "\n\n")
					return
				}
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, payload)
			}))
			b.Cleanup(up.Close)
			var kept atomic.Int64
			var wg sync.WaitGroup
			proxied := benchProxy(b, up.URL, Config{OnStart: func(c *Client) {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for batch := range c.Records() {
						for _, r := range batch {
							if r.RPC != nil {
								kept.Add(int64(len(r.RPC.Raw)))
							}
						}
					}
				}()
			}})
			var peak uint64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				idle := ms.HeapInuse
				stop := make(chan struct{})
				sampled := peakHeap(stop)
				req, _ := http.NewRequest("POST", proxied+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/call"}`))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Mcp-Session-Id", "big")
				resp, err := (&http.Client{Timeout: testTimeout}).Do(req)
				if err != nil {
					b.Fatal(err)
				}
				n, _ := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				close(stop)
				if p := <-sampled; p > idle {
					peak = max(peak, p-idle)
				}
				if n < size {
					b.Fatalf("relayed %d bytes, want %d", n, len(payload))
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			b.SetBytes(int64(len(payload)))
		})
	}
}
