package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"
	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
	"github.com/mcpscope/mcpscope/ui"
)

// A TUI that takes nothing of a session holds up none of its events: each
// reaches the client before upstream sends the next, far more of them than
// the channels between the relay and the TUI hold. Only a backlog of
// megabytes (mcp's backlogLimit) holds the relay back, to bound memory.
func TestTUIThatReadsNothingHoldsUpNoEvent(t *testing.T) {
	up, tick := tickUpstream()
	t.Cleanup(up.Close)
	run := tuiProxy(t, up.URL, proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()})
	const events = 500
	if got := len(eventLatencies(t, run.base, tick, events, func() {})); got != events {
		t.Fatalf("the client read %d events, want %d", got, events)
	}
}

// BenchmarkProxyEventLatency is mcp/proxy's BenchmarkEventLatency through
// `mcpscope proxy` as the user runs it: each session recorded, redacted,
// and handed to the TUI (or, headless, printed). The TUI is the real one
// (on teatest's terminal, 160x48), or a consumer of the same ui.Client
// feed that takes each batch in one frame of 50 ms, sleeping (a frame
// waiting on the terminal) or spinning (a frame drawing), or that takes
// nothing at all. It reports, as the client sees
// it, the p50 and p99 of an SSE event's time from upstream's write to its
// line read through the proxy.
//
//	go test . -run '^$' -bench ProxyEventLatency -benchtime 500x
func BenchmarkProxyEventLatency(b *testing.B) {
	frame := 50 * time.Millisecond
	slowly := func(take func()) func(*testing.B, *proxyRun) {
		return func(_ *testing.B, run *proxyRun) { go watchSlowly(run.sessions.show(), take) }
	}
	for _, tc := range []struct {
		name  string
		watch func(*testing.B, *proxyRun) // nil: headless
	}{
		{"headless", nil},
		{"tui", realTUI},
		{"tui-keeps-up", slowly(func() {})},
		{"tui-slow", slowly(func() { time.Sleep(frame) })},
		{"tui-busy", slowly(func() {
			for end := time.Now().Add(frame); time.Now().Before(end); {
			}
		})},
		{"tui-stuck", func(*testing.B, *proxyRun) {}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			// An upstream of its own, each run: a stream of the last run
			// that upstream still serves would take its ticks.
			up, tick := tickUpstream()
			defer up.Close()
			run := watchedProxy(b, up.URL, tc.watch)
			lat := eventLatencies(b, run.base, tick, b.N, b.ResetTimer)
			b.StopTimer()
			b.ReportMetric(float64(percentileOf(lat, 0.5))/1e6, "p50-ms")
			b.ReportMetric(float64(percentileOf(lat, 0.99))/1e6, "p99-ms")
		})
	}
}

// watchedProxy starts `mcpscope proxy` in front of upstream, recording to
// a directory of its own, until b's run ends: headless when watch is nil,
// its sessions printed, else for a TUI that watch starts.
func watchedProxy(b *testing.B, upstream string, watch func(*testing.B, *proxyRun)) *proxyRun {
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{})
	pf := &proxyFlags{listen: "127.0.0.1:0", recordDir: b.TempDir(), headless: watch == nil}
	run, err := startProxy(upstream, cf, pf, io.Discard)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		if !pf.headless {
			run.sessions.unshow()
		}
		run.stop()
	})
	if pf.headless {
		run.sessions.print()
	} else {
		watch(b, run)
	}
	return run
}

// realTUI shows run's sessions in the TUI `mcpscope proxy` opens, on
// teatest's terminal of 160x48, until b's run ends.
func realTUI(b *testing.B, run *proxyRun) {
	b.Setenv("MCPSCOPE_CONFIG_DIR", b.TempDir())
	styles, err := loadStyles("")
	if err != nil {
		b.Fatal(err)
	}
	tm := teatest.NewTestModel(b, ui.New(run.uiOptions(styles)), teatest.WithInitialTermSize(160, 48))
	b.Cleanup(func() { _ = tm.Quit() })
}

// tickUpstream serves initialize (session s1) and session s1's GET
// streams, which send an event carrying the time it was written on each
// tick.
func tickUpstream() (*httptest.Server, chan struct{}) {
	tick := make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			body, _ := io.ReadAll(r.Body)
			if !strings.Contains(string(body), `"initialize"`) {
				w.WriteHeader(http.StatusAccepted)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Mcp-Session-Id", "s1")
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
			return
		}
		if r.Header.Get("Mcp-Session-Id") != "s1" {
			// The proxy's own probe of upstream must not take a tick.
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		for {
			select {
			case <-r.Context().Done():
				return
			case <-tick:
			}
			fmt.Fprintf(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"t\":%d}}\n\n", time.Now().UnixNano())
			w.(http.Flusher).Flush()
		}
	}))
	return up, tick
}

// watchSlowly takes each session's batches as a TUI does, one per frame
// (take), until the feed ends.
func watchSlowly(clients <-chan ui.Client, take func()) {
	for c := range clients {
		if c.Records == nil {
			continue
		}
		go func() {
			for range c.Records {
				take()
			}
		}()
	}
}

// eventLatencies opens a session through the proxy at base, its GET
// stream, and times n events from upstream's write (a tick) to the
// client's reading them; begin is called once the stream is open. A
// minute bounds it all: an event that does not come fails b.
func eventLatencies(b testing.TB, base string, tick chan<- struct{}, n int, begin func()) []time.Duration {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if st, sid := clientPost(b, base+"/mcp", "", initializeAs("bench")); st != http.StatusOK || sid != "s1" {
		b.Fatalf("initialize through the proxy: %d, session %q", st, sid)
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/mcp", nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", "s1")
	req.Header.Set("MCP-Protocol-Version", "2025-06-18")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	lat := make([]time.Duration, 0, n)
	begin()
	for range n {
		select {
		case tick <- struct{}{}:
		case <-ctx.Done():
			b.Fatal("upstream took no tick in a minute")
		}
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				b.Fatalf("reading the event stream (an event that does not come within a minute ends it): %v", err)
			}
			if i := strings.Index(line, `"t":`); i >= 0 {
				sent, _ := strconv.ParseInt(strings.TrimRight(line[i+4:], "}\n"), 10, 64)
				lat = append(lat, time.Since(time.Unix(0, sent)))
				break
			}
		}
	}
	return lat
}

// percentileOf is the p-th percentile of ds, sorted in place.
func percentileOf(ds []time.Duration, p float64) time.Duration {
	slices.Sort(ds)
	return ds[min(int(float64(len(ds))*p), len(ds)-1)]
}

// BenchmarkProxyExecLegacy times `exec URL tools/list` (in-process) of a
// new client each time, through `mcpscope proxy` to a legacy HTTP+SSE
// server: headless, and with the real TUI watching (each exec a new
// session in it, as pf1 measured it).
//
//	go test . -run '^$' -bench ProxyExecLegacy -benchtime 100x
func BenchmarkProxyExecLegacy(b *testing.B) {
	b.Setenv("MCPSCOPE_STATE_DIR", b.TempDir())
	cmds, err := parseCommands([]string{"tools/list"})
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		watch func(*testing.B, *proxyRun)
	}{
		{"headless", nil},
		{"tui", realTUI},
		// A TUI that takes nothing costs no CPU: what the real one
		// adds beyond it is its work, not a wait on it.
		{"tui-stuck", func(*testing.B, *proxyRun) {}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			up := mcptest.New(b, mcptest.Options{})
			run := watchedProxy(b, up.SSEURL(), tc.watch)
			ecf := connFlags{transport: mcp.TransportAuto, timeout: 10e9, endpointTimeout: 10e9, maxEventSize: 4 << 20}
			var took []time.Duration
			for b.Loop() {
				start := time.Now()
				if err := runExec(context.Background(), io.Discard, io.Discard, run.base+"/sse", append([]command.Command(nil), cmds...), &ecf, &recordFlags{off: true}, &execFlags{}); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
			}
			b.ReportMetric(float64(percentileOf(took, 0.5))/1e6, "p50-ms")
			b.ReportMetric(float64(percentileOf(took, 0.99))/1e6, "p99-ms")
		})
	}
}
