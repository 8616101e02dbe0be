package mcp

import (
	"errors"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 server that acknowledges the listen stream without the resource
// subscribed to (the TypeScript SDK v2 with resources.subscribe false) will
// send no updates of it: Subscribe says so instead of reporting success,
// and the listen state says what the acknowledgement left out.
func TestSubscribeSaysTheServerLeftTheResourceOut(t *testing.T) {
	srv, s, rec := dialStateless(t, mcptest.StatelessOptions{NoResourceSubscriptions: true}, Config{})
	ctx := testCtx(t)
	if _, err := srv.WaitListen(ctx); err != nil {
		t.Fatal(err)
	}
	_, err := s.Subscribe(ctx, "demo://readme")
	var we *WireError
	if !errors.As(err, &we) || we.Cause != CauseNotSubscribed || !strings.Contains(we.Message, "demo://readme") ||
		!strings.Contains(we.Message, "its capabilities do not offer resources.subscribe") {
		t.Fatalf("Subscribe = %v; want a not-subscribed error naming the URI and the missing capability", err)
	}
	rec.waitFor(t, "a listen state saying what was left out", func(r Record) bool {
		return r.State != nil && r.State.State == StateListen &&
			strings.Contains(r.State.Detail, "without resourceSubscriptions demo://readme")
	})
}

// A server that acknowledges the resource as asked (the Go SDK, the
// TypeScript SDK with resources.subscribe) gets a plain subscription, and
// nothing is said of the listen stream.
func TestSubscribeAcknowledgedAsAsked(t *testing.T) {
	srv, s, rec := dialStateless(t, mcptest.StatelessOptions{}, Config{})
	ctx := testCtx(t)
	if _, err := srv.WaitListen(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Subscribe(ctx, "demo://readme"); err != nil {
		t.Fatalf("Subscribe = %v, want nil", err)
	}
	l, err := srv.WaitListen(ctx)
	if err != nil || len(l.Resources) != 1 || l.Resources[0] != "demo://readme" {
		t.Fatalf("the listen stream after Subscribe = %+v, %v; want it to carry the URI", l, err)
	}
	for _, r := range rec.all() {
		if r.State != nil && r.State.State == StateListen {
			t.Errorf("a listen state was said of a stream acknowledged as asked: %q", r.State.Detail)
		}
	}
}
