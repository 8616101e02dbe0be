package mcp

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy stream that asked "retry: 0" and then ended, its server gone
// (every reopening refused 503), is given as long to come back as
// mcpscope's own pace gives one: the attempts that fail are not retried
// at the server's pace. Before, the five attempts were over in 0.75s
// where mcpscope's own pace spends about 15s; here, with a 100ms pace,
// 0.75s where it spends 3s. The attempts say why they waited longer.
func TestLegacyRetryZeroKeepsTheReconnectsPatience(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{CloseAfterEndpoint: true, GETStatus: http.StatusServiceUnavailable, GETStatusAfter: 1,
		UnknownSession: mcptest.UnknownSessionHang,
		EndpointRaw:    func(data string) string { return "retry: 0\nevent: endpoint\ndata: " + data + "\n\n" }})
	_, rec := connect(t, Config{URL: srv.SSEURL(), Transport: TransportSSE, Reconnect: true, ReconnectDelay: 100 * time.Millisecond})
	first := rec.waitFor(t, "the first attempt of its own", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateReconnecting && strings.Contains(r.State.Detail, "attempt 1 of")
	})
	gaveUp := rec.waitFor(t, "the reconnects given up", func(r Record) bool {
		return r.Kind == KindError && r.Error.Cause == CauseReconnectGaveUp
	})
	if took := gaveUp.Time.Sub(first.Time); took < 2500*time.Millisecond {
		t.Errorf("the attempts of its own gave up %s after the first, want about 3s (mcpscope's own pace, 100ms doubled)", took)
	}
	if !strings.Contains(gaveUp.Error.Message, "after 5 attempts in ") {
		t.Errorf("gave up saying %q, want it to say how long the attempts took", gaveUp.Error.Message)
	}
	second := rec.waitFor(t, "the second attempt", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateReconnecting && strings.Contains(r.State.Detail, "attempt 2 of")
	})
	if want := "attempt 2 of 5, after 200ms (mcpscope's own pace after a failed attempt, not the server's retry)"; !strings.Contains(second.State.Detail, want) {
		t.Errorf("second attempt = %q, want it to say %q", second.State.Detail, want)
	}
}

// A legacy stream whose reopenings are refused 503 with a Retry-After is
// reopened after the wait it asks for, said with the attempt: they came
// at mcpscope's own pace, each refused before that wait was over.
func TestLegacyReconnectHeedsRetryAfter(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{CloseAfterEndpoint: true, GETStatus: http.StatusServiceUnavailable, GETStatusAfter: 1,
		GETHeaders:     http.Header{"Retry-After": {"1"}},
		UnknownSession: mcptest.UnknownSessionHang})
	_, rec := connect(t, Config{URL: srv.SSEURL(), Transport: TransportSSE, Reconnect: true, ReconnectDelay: 100 * time.Millisecond})
	second := rec.waitFor(t, "the second attempt", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateReconnecting && strings.Contains(r.State.Detail, "attempt 2 of")
	})
	if want := "attempt 2 of 5; the server's Retry-After asks to wait 1s"; !strings.HasSuffix(second.State.Detail, want) {
		t.Errorf("second attempt = %q, want it to end %q", second.State.Detail, want)
	}
}
