package main

import (
	"context"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client that probes with server/discover and falls back to initialize
// (the Go SDK's, against a server offering no 2026 version) is one client
// in the headless lines and one recording, streamable HTTP with its probe
// first, not a short stateless client beside it. A line says why the
// session changed transport.
func TestProxyProbeThenInitializeIsOneSession(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	proberListsTools(t, h.run.base+"/mcp")
	h.stop()

	out := h.errw.String()
	for _, want := range []string{"#1 prober 1 · streamable → server/discover", "#1 prober 1 · streamable · now streamable: the client's stateless request before this was its probe", "#1 prober 1 · streamable → initialize", "1 session recorded:"} {
		if !strings.Contains(out, want) {
			t.Errorf("stderr lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "· stateless") || strings.Contains(out, "#2 ") {
		t.Errorf("the probe is shown as a client of its own:\n%s", out)
	}
	// The demo's /mcp answers the probe with its 2025 versions only: the
	// line says no, as a refused probe's does and the TUI's row reads
	// "· probe", where "← server/discover … ok" read as the 2026 era taken.
	if want := "#1 prober 1 · streamable · probe server/discover id=1: answered without 2026-07-28 (no 2026 server here"; !strings.Contains(out, want) {
		t.Errorf("stderr lacks %q:\n%s", want, out)
	}
	if strings.Contains(out, "← server/discover") {
		t.Errorf("the declined probe reads as an answer taken:\n%s", out)
	}
	recording := onlyRecording(t, h.dir)
	if !strings.Contains(recording, "streamable") {
		t.Fatalf("recording %s, want the one streamable session", recording)
	}
	log := history.NewLog()
	var methods []string
	for _, r := range readRecording(t, recording) {
		log.Append(r)
		if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Class == mcp.ClassRequest {
			methods = append(methods, r.RPC.Method)
		}
	}
	if got := strings.Join(methods, " "); !strings.HasPrefix(got, "server/discover initialize") {
		t.Errorf("the recording's requests are %q, want the probe, then initialize", got)
	}
	if st := log.Stats(); st.Transport != mcp.TransportStreamable {
		t.Errorf("the recording replays as %s, want streamable", st.Transport)
	}
}

// A probe the server refuses (a stateful Go SDK server answers
// server/discover 400 -32022) is, in the folded session, what mcpscope's
// own detection makes of one: the answer to "which era?" (its pair is a
// probe, not a failed request), not a failed POST of the session in
// Negotiation, and a re-run leaves it out.
func TestProxyRefusedProbeReadsAsAProbe(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true})
	h := startHeadless(t, up.Endpoint(), proxyFlags{})
	proberListsTools(t, h.run.base+"/mcp")
	h.stop()
	recording := onlyRecording(t, h.dir)
	recs := readRecording(t, recording)
	log := history.NewLog()
	log.Append(recs...)
	var probe *history.Pair
	for i := range log.PairCount() {
		if p := log.Pair(i); p.Method == "server/discover" {
			probe = p
		}
	}
	if probe == nil || probe.State != history.StateProbe {
		t.Fatalf("the refused server/discover's pair is %+v, want a probe", probe)
	}
	for _, p := range log.Negotiation().Problems {
		t.Errorf("Negotiation shows a problem: %+v", p)
	}
	if st := log.Stats(); st.Transport != mcp.TransportStreamable {
		t.Errorf("the session reads as %s, want streamable", st.Transport)
	}
	// The refusal came as JSON (400 -32022), as the TypeScript SDK's
	// "Server not initialized" does too: it is logged as the probe's, so
	// `mcpscope sessions` counts no error for it, as for a session of
	// mcpscope's own, and export heads its note "probe", not "post".
	for _, r := range recs {
		if r.Kind == mcp.KindError && r.Error != nil && probe.Request != nil && r.Error.ReqSeq == probe.Request.Seq && r.Error.Op != mcp.OpProbe {
			t.Errorf("the refusal of the probe is logged as a failed %s, want %s: %s", r.Error.Op, mcp.OpProbe, r.Error.Message)
		}
	}
	infos, err := history.List(h.dir)
	if err != nil || len(infos) != 1 {
		t.Fatalf("sessions lists %+v (%v), want the one recording", infos, err)
	}
	if infos[0].Errors != 0 {
		t.Errorf("sessions counts %d errors in the session, want none for its refused probe", infos[0].Errors)
	}
}

// proberListsTools connects the official Go SDK's client, named prober 1,
// to the streamable endpoint url (it probes with server/discover first and
// falls back to initialize), lists the tools and leaves.
func proberListsTools(t *testing.T, url string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "prober", Version: "1"}, nil).Connect(ctx,
		&sdk.StreamableClientTransport{Endpoint: url, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cs.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	cs.Close()
}
