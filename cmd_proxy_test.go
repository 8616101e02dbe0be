package main

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The headless proxy prints a line per message of every client, and when
// told to stop (as SIGINT or SIGTERM tell it) ends the sessions and
// flushes each one's recording.
func TestProxyHeadlessPrintsAndFlushes(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	run, dir, errw := h.run, h.dir, h.errw

	for _, tr := range []sdk.Transport{
		&sdk.SSEClientTransport{Endpoint: run.base + "/sse", HTTPClient: &http.Client{Transport: clientToken{}}},
		&sdk.StreamableClientTransport{Endpoint: run.base + "/mcp", MaxRetries: -1},
	} {
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cs, err := sdk.NewClient(&sdk.Implementation{Name: "headless-test", Version: "3"}, nil).Connect(cctx, tr, nil)
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		if _, err := cs.CallTool(cctx, &sdk.CallToolParams{Name: "greet", Arguments: map[string]any{"name": "Cy"}}); err != nil {
			t.Fatal(err)
		}
		cs.Close()
		cancel()
	}
	h.stop()

	out := errw.String()
	for _, want := range []string{
		"point your client at:\n  " + run.base + "/sse", run.base + "/mcp",
		"headless-test 3 · sse → initialize id=", "headless-test 3 · sse ← tools/call greet id=",
		"headless-test 3 · streamable → tools/call greet id=", "headless-test 3 · streamable ← tools/call greet id=",
		" ok ", "sessions recorded:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stderr lacks %q:\n%s", want, out)
		}
	}
	// A streamable answer's line says what upstream took to send the
	// POST's headers, as that (not the answer's time), and what the proxy
	// added. (A legacy answer comes on the stream, often before its POST's
	// 202, when neither is known yet.)
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "streamable ← tools/call greet id=") && (!strings.Contains(line, "(upstream's headers after ") || !strings.Contains(line, ", proxy added ")) {
			t.Errorf("the answer's line %q does not say upstream's headers' time and the time the proxy added", line)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) < 2 {
		t.Fatalf("%d recordings in %s, want one per client session at least", len(files), dir)
	}
	for _, f := range files {
		if raw, _ := os.ReadFile(f); strings.Contains(string(raw), "client-secret-7") {
			t.Errorf("%s holds the client's token", filepath.Base(f))
		}
		recs := readRecording(t, f)
		last := recs[len(recs)-1]
		if last.State == nil || last.State.State != mcp.StateClosed {
			t.Errorf("%s ends with %+v, want the session's end flushed", filepath.Base(f), last)
		}
		if !strings.Contains(f, "proxy") {
			t.Errorf("the recording %s is not named as a proxied session", f)
		}
	}
}

// clientToken is a client that sends a token of its own.
type clientToken struct{}

func (clientToken) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer client-secret-7")
	return http.DefaultTransport.RoundTrip(r)
}

// readRecording reads a whole recording.
func readRecording(t *testing.T, path string) []mcp.Record {
	t.Helper()
	r, err := history.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var recs []mcp.Record
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return recs
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		recs = append(recs, rec)
	}
}

// Bad flags are usage errors that say what to do.
func TestProxyRefusesBadFlags(t *testing.T) {
	stateDir(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"proxy"}, "proxy takes the URL of the server to relay to"},
		{[]string{"proxy", "ftp://x", "--headless"}, "scheme"},
		{[]string{"proxy", "http://127.0.0.1:1", "--headless", "--listen", "0.0.0.0:0"}, "--listen-any"},
		{[]string{"proxy", "http://127.0.0.1:1", "--headless", "--listen", "nonsense"}, "host:port"},
		{[]string{"proxy", "http://127.0.0.1:1", "--headless", "--no-record", "--record-dir", os.TempDir()}, "contradict"},
		{[]string{"proxy", "http://127.0.0.1:1", "--headless", "-H", "bad header"}, "Name: value"},
	} {
		_, errOut, code := run(t, tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d %q, want a usage error saying %q", tc.args, code, errOut, tc.want)
		}
	}
}

// Stopping the proxy while a client's stream is open records that the
// proxy stopped it: the client did not leave, and the recording must not
// say it did.
func TestProxyStopIsRecordedAsTheProxyStopping(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	run, dir := h.run, h.dir

	rctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(rctx, http.MethodGet, run.base+"/sse", nil)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	buf := make([]byte, 4096)
	if n, err := resp.Body.Read(buf); err != nil || !strings.Contains(string(buf[:n]), "endpoint") {
		t.Fatalf("first read %q (%v), want the endpoint event", buf[:n], err)
	}
	h.stop()
	recording := onlyRecording(t, dir)
	recs := readRecording(t, recording)
	last := recs[len(recs)-1]
	if last.State == nil || last.State.State != mcp.StateClosed || !strings.Contains(last.State.Detail, "proxy stopped") {
		t.Errorf("the recording ends with %+v, want closed because the proxy stopped", last.State)
	}
}

// headless is a headless proxy run for one test, recording into a
// directory of its own.
type headless struct {
	t    *testing.T
	run  *proxyRun
	dir  string
	errw *syncBuffer
	done chan error
	end  context.CancelFunc
}

// startHeadless runs `mcpscope proxy URL --headless` with pf on a free
// loopback port, the connection flags set as flagValues says (name, value,
// ...) and their defaults for the rest (a directory of its own to record
// in unless pf names one).
func startHeadless(t *testing.T, url string, pf proxyFlags, flagValues ...string) *headless {
	t.Helper()
	pf.listen, pf.headless = "127.0.0.1:0", true
	if pf.recordDir == "" {
		pf.recordDir = t.TempDir()
	}
	cf := &connFlags{}
	cmd := &cobra.Command{}
	cf.registerProxy(cmd) // the flags' defaults
	for i := 0; i+1 < len(flagValues); i += 2 {
		if err := cmd.Flags().Set(flagValues[i], flagValues[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	h := &headless{t: t, dir: pf.recordDir, errw: &syncBuffer{}, done: make(chan error, 1)}
	run, err := startProxy(url, cf, &pf, h.errw)
	if err != nil {
		t.Fatal(err)
	}
	h.run = run
	ctx, end := context.WithCancel(context.Background())
	h.end = end
	t.Cleanup(end)
	go func() { h.done <- run.headless(ctx) }()
	return h
}

// waitFor waits until the proxy's lines hold want.
func (h *headless) waitFor(want string) {
	h.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		wrote := h.errw.changed() // before the look, so no write is missed
		if strings.Contains(h.errw.String(), want) {
			return
		}
		select {
		case <-wrote:
		case <-deadline:
			h.t.Fatalf("the lines lack %q:\n%s", want, h.errw.String())
		}
	}
}

// stop stops the proxy as SIGINT does and waits for it to finish.
func (h *headless) stop() {
	h.t.Helper()
	h.end()
	select {
	case err := <-h.done:
		if err != nil {
			h.t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		h.t.Fatal("the headless proxy did not stop")
	}
}
