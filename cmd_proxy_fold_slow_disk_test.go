package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
)

// A disk slow to create the run's recording of sessions upstream never
// answered (a client retrying against a server that is down) does not
// hold up the next client: its initialize is relayed and answered while
// that create waits.
func TestProxyFoldSlowDiskDelaysNoClient(t *testing.T) {
	down := httptest.NewServer(http.NotFoundHandler())
	url := down.URL
	down.Close()
	h := startHeadless(t, url, proxyFlags{})
	making, made := make(chan struct{}, 1), make(chan struct{})
	h.run.sessions.create = func(dir string, started time.Time, host string, hd history.Header, opts history.RecordOptions) (*history.Recorder, error) {
		if strings.Contains(host, unansweredFold.what) {
			making <- struct{}{}
			<-made
		}
		return history.CreateIn(dir, started, host, hd, opts)
	}
	postInitialize(t, h, "/mcp") // 502: upstream is down; its session is folded
	select {
	case <-making:
	case <-time.After(10 * time.Second):
		t.Fatal("the proxy never began the recording of the session upstream never answered")
	}
	answered := make(chan struct{})
	go func() {
		defer close(answered)
		postInitialize(t, h, "/mcp")
	}()
	select {
	case <-answered:
	case <-time.After(10 * time.Second):
		close(made)
		<-answered
		h.stop()
		t.Fatal("a client's initialize waited for the disk to create another session's recording")
	}
	close(made)
	h.stop()
	if out := h.errw.String(); !strings.Contains(out, "2 sessions ended with nothing answered by upstream") {
		t.Errorf("the report does not speak of the folded sessions:\n%s", out)
	}
}
