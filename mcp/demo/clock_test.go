package demo

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestErasClockNotifiesSubscribers(t *testing.T) {
	ts, h := startHandler(t, Options{ClockInterval: 5 * time.Millisecond})
	forEra(t, func(t *testing.T, e era) {
		updated := make(chan string, 64)
		cs := e.connect(t, ts.URL, &mcp.ClientOptions{
			ResourceUpdatedHandler: func(_ context.Context, req *mcp.ResourceUpdatedNotificationRequest) {
				updated <- req.Params.URI
			},
		})
		if err := cs.Subscribe(ctxT(t), &mcp.SubscribeParams{URI: clockURI}); err != nil {
			t.Fatalf("subscribing to %s: %v", clockURI, err)
		}
		for range 2 {
			if uri := receive(t, updated, "notifications/resources/updated"); uri != clockURI {
				t.Errorf("updated %q, want %q", uri, clockURI)
			}
		}
		res, err := cs.ReadResource(ctxT(t), &mcp.ReadResourceParams{URI: clockURI})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Contents[0].Text; !regexp.MustCompile(`^tick [1-9][0-9]* at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`).MatchString(got) {
			t.Errorf("%s = %q, want a tick count and its time", clockURI, got)
		}
		if err := cs.Unsubscribe(ctxT(t), &mcp.UnsubscribeParams{URI: clockURI}); err != nil {
			t.Fatalf("unsubscribing: %v", err)
		}
		// With no one subscribed the ticker stops by itself.
		waitFor(t, "the clock to stop", func() bool {
			h.clock.mu.Lock()
			defer h.clock.mu.Unlock()
			return !h.clock.running
		})
	})
}

func TestSubscribeRefusesUnknownResources(t *testing.T) {
	ts := startDemo(t, Options{})
	const uri = "repo://nobody/nothing"
	for _, e := range []era{legacyEra, streamableEra} {
		err := e.connect(t, ts.URL, nil).Subscribe(ctxT(t), &mcp.SubscribeParams{URI: uri})
		if err == nil || !strings.Contains(err.Error(), "no repository nobody/nothing") {
			t.Errorf("%s: subscribing to %s = %v, want an error saying there is no such repository", e.name, uri, err)
		}
	}
	// The SDK's client opens 2026 subscriptions in the background, so the
	// refusal is seen by hand.
	h, b := modern(t, 1, "subscriptions/listen", map[string]any{"notifications": map[string]any{"resourceSubscriptions": []string{uri}}}, nil)
	if _, msg := modernCall(t, ts.URL+StatelessPath, h, b); !strings.Contains(mustJSON(t, path(msg, "error")), "no repository nobody/nothing") {
		t.Errorf("stateless: listening to %s = %v, want an error saying there is no such repository", uri, msg)
	}
}

// A session that leaves without unsubscribing stops counting, and Close
// stops a running ticker and waits for it.
func TestClockForgetsEndedSessionsAndStopsOnClose(t *testing.T) {
	ts, h := startHandler(t, Options{ClockInterval: 5 * time.Millisecond})
	updated := make(chan string, 64)
	copts := &mcp.ClientOptions{ResourceUpdatedHandler: func(_ context.Context, req *mcp.ResourceUpdatedNotificationRequest) {
		updated <- req.Params.URI
	}}
	gone := streamableEra.connect(t, ts.URL, copts)
	if err := gone.Subscribe(ctxT(t), &mcp.SubscribeParams{URI: clockURI}); err != nil {
		t.Fatal(err)
	}
	receive(t, updated, "an update")
	gone.Close()
	waitFor(t, "the clock to forget the closed session and stop", func() bool {
		h.clock.mu.Lock()
		defer h.clock.mu.Unlock()
		return !h.clock.running && len(h.clock.subs) == 0
	})

	stays := legacyEra.connect(t, ts.URL, copts)
	if err := stays.Subscribe(ctxT(t), &mcp.SubscribeParams{URI: clockURI}); err != nil {
		t.Fatal(err)
	}
	receive(t, updated, "an update")
	// Close waits for the ticker to stop, so its return proves it stopped.
	closed := make(chan struct{})
	go func() {
		h.Close()
		close(closed)
	}()
	receive(t, closed, "Close's return")
}
