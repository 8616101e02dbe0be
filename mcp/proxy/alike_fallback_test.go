package proxy

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
)

// seenProbe is an http.RoundTripper of one client (its own connections,
// as a separate process has) that notes which refusal of its probe it got.
type seenProbe struct {
	mu    sync.Mutex
	base  http.RoundTripper
	probe string
}

func (s *seenProbe) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := s.base.RoundTrip(r)
	if err != nil || r.Header.Get("Mcp-Method") != discover {
		return resp, err
	}
	body, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if i := strings.Index(string(body), "probe-"); i >= 0 {
		s.mu.Lock()
		s.probe = string(body[i : i+len("probe-1")])
		s.mu.Unlock()
	}
	return resp, err
}

func (s *seenProbe) seen() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.probe
}

// Two alike Go SDK clients (one address, User-Agent and clientInfo) probe
// at once, and the server refuses both probes, so each falls back to
// initialize. The second client's probe is answered first, and its
// initialize went on in the oldest probe's session, the first client's:
// each session showed one client's probe and the other's handshake and
// calls. The probe an initialize goes on from, or that it ends, is the one
// sent on the initialize's connection.
func TestAlikeClientsFallingBackKeepTheirOwnProbes(t *testing.T) {
	for _, tc := range []struct {
		name string
		wait time.Duration // how long a probe is held back for its initialize
	}{{"held", time.Hour}, {"settled", time.Nanosecond}} {
		t.Run(tc.name, func(t *testing.T) {
			gateway := demo.NewHandler(demo.Options{})
			var mu sync.Mutex
			probes := 0
			firstIn, inits := make(chan struct{}), make(chan struct{})
			var initOnce sync.Once
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				r.Body = io.NopCloser(bytes.NewReader(body))
				switch {
				case strings.Contains(string(body), `"server/discover"`):
					mu.Lock()
					probes++
					n := probes
					mu.Unlock()
					if n == 1 {
						// The first client's probe is answered once the
						// second client initializes.
						close(firstIn)
						select {
						case <-inits:
						case <-r.Context().Done():
							return
						}
					}
					w.Header().Set("Content-Type", "application/json")
					_, _ = fmt.Fprintf(w, `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"probe-%d: no server/discover here"}}`, n)
					return
				case strings.Contains(string(body), `"initialize"`):
					initOnce.Do(func() { close(inits) })
				}
				gateway.ServeHTTP(w, r)
			}))
			t.Cleanup(up.Close)
			p, base, w := startProxy(t, up.URL, Config{})
			p.earlyWait = tc.wait
			var wg sync.WaitGroup
			seen := make([]*seenProbe, 2)
			for i := range seen {
				seen[i] = &seenProbe{base: &http.Transport{}}
				if i == 1 {
					// The second probe comes while the first relays, with
					// its id: the two are kept in two sessions.
					select {
					case <-firstIn:
					case <-time.After(testTimeout):
						t.Fatal("the first probe never reached upstream")
					}
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					tr := &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1, DisableStandaloneSSE: true,
						HTTPClient: &http.Client{Transport: seen[i]}}
					cs, err := sdk.NewClient(&sdk.Implementation{Name: "twin", Version: "1"}, nil).Connect(bounded(t), tr, nil)
					if err != nil {
						t.Errorf("client %d connecting through the proxy: %v", i, err)
						return
					}
					defer func() { _ = cs.Close() }()
					if _, err := cs.CallTool(bounded(t), &sdk.CallToolParams{Name: "greet", Arguments: map[string]any{"name": fmt.Sprintf("client-%d", i)}}); err != nil {
						t.Errorf("client %d calling greet: %v", i, err)
					}
				}()
			}
			wg.Wait()
			if t.Failed() {
				return
			}
			p.Close()
			w.allEnded(t, 2)
			for i, s := range seen {
				who := fmt.Sprintf("client-%d", i)
				var calls *Client
				for _, c := range w.sessions() {
					for _, r := range w.records(c.ID) {
						if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "tools/call" && strings.Contains(string(r.RPC.Raw), who) {
							calls = c
						}
					}
				}
				if calls == nil {
					t.Fatalf("no session holds %s's call:\n%s", who, w.dump())
				}
				var went string
				for _, c := range w.sessions() {
					for _, r := range w.records(c.ID) {
						if r.RPC != nil && r.RPC.Class == mcp.ClassResponse && strings.Contains(string(r.RPC.Raw), s.seen()) {
							went = fmt.Sprintf("session %d", c.ID)
							if c != calls {
								// A probe settled apart says where its
								// client went.
								last := w.records(c.ID)[len(w.records(c.ID))-1]
								if last.State == nil || !strings.Contains(last.State.Detail, fmt.Sprintf("session %d ", calls.ID)) {
									t.Errorf("%s's probe (%s) is in session %d, whose end says %+v, want it to name session %d\n%s", who, s.seen(), c.ID, last.State, calls.ID, w.dump())
								}
							}
						}
					}
				}
				if went == "" {
					t.Errorf("no session holds %s's probe (%s):\n%s", who, s.seen(), w.dump())
				}
			}
		})
	}
}
