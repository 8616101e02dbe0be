package proxy

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A client that left before upstream answered its GET with no session id
// (at /sse, a legacy client's; elsewhere, one that may be a streamable
// client's before its initialize) was said to have found upstream out of
// reach: "upstream could not be reached", of an upstream that was there
// and still answering. Now its session says the client left.
func TestClientLeavingBeforeTheStreamIsAnsweredIsNoUnreachableUpstream(t *testing.T) {
	for _, path := range []string{"/sse", "/mcp"} {
		t.Run(path, func(t *testing.T) {
			asked := make(chan struct{}, 1)
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				asked <- struct{}{}
				<-r.Context().Done()
			}))
			t.Cleanup(up.Close)
			p, base, w := startProxy(t, up.URL+path, Config{})
			p.earlyWait = 50 * time.Millisecond
			ctx, cancel := context.WithCancel(bounded(t))
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
			req.Header.Set("Accept", "text/event-stream")
			done := make(chan error, 1)
			go func() {
				resp, err := http.DefaultClient.Do(req)
				if err == nil {
					resp.Body.Close()
				}
				done <- err
			}()
			select {
			case <-asked:
			case <-time.After(testTimeout):
				t.Fatal("upstream was never asked for the stream")
			}
			cancel()
			<-done
			w.allEnded(t, 1)
			w.mu.Lock()
			defer w.mu.Unlock()
			var said []string
			for _, r := range w.recs[w.clients[0].ID] {
				said = append(said, describe(r))
				if r.Detect != nil {
					said = append(said, r.Detect.Reason)
				}
			}
			all := strings.Join(said, "\n")
			if strings.Contains(all, "could not be reached") || !strings.Contains(all, "the client left") {
				t.Errorf("the session says:\n%s\nwant the client leaving, not upstream out of reach", all)
			}
		})
	}
}
