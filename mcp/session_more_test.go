package mcp

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

func TestSessionBatchAndKeepAlive(t *testing.T) {
	srv, s, rec := dial(t, mcptest.Options{}, Config{})
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := conn.KeepAlive(); err != nil {
		t.Fatal(err)
	}
	if err := conn.Message(`[{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}},{"jsonrpc":"2.0","id":77,"result":{}}]`); err != nil {
		t.Fatal(err)
	}
	ka := rec.waitFor(t, "keep-alive comment", func(r Record) bool { return r.Kind == KindEvent && len(r.Event.Comments) > 0 })
	if ka.Event.Comments[0] != "ping" || ka.Event.Dispatched() {
		t.Errorf("keep-alive event %+v", ka.Event)
	}
	batch := rec.waitFor(t, "batch", func(r Record) bool { return r.Kind == KindReceived && r.RPC.Class == ClassBatch })
	note := rec.waitFor(t, "notification in batch", func(r Record) bool { return r.Kind == KindReceived && r.RPC.Class == ClassNotification })
	foreign := rec.waitFor(t, "foreign answer in batch", func(r Record) bool { return r.Kind == KindReceived && r.RPC.Class == ClassForeign })
	if note.Seq < batch.Seq || foreign.RPC.ID != "77" || note.RPC.Method != "notifications/message" {
		t.Errorf("batch members: %+v / %+v", note.RPC, foreign.RPC)
	}
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Errorf("session unusable after a batch: %v", err)
	}
}

func TestSessionToolPagesAndDo(t *testing.T) {
	_, s, _ := dial(t, mcptest.Options{ToolPages: 3}, Config{})
	ctx := testCtx(t)
	if _, err := s.Initialize(ctx); err != nil {
		t.Fatal(err)
	}
	first, _, err := s.ListTools(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	all, _, err := s.ListTools(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) <= len(first) || len(all) != len(mcptest.DefaultTools()) {
		t.Errorf("one page has %d tools, all pages %d, want all %d", len(first), len(all), len(mcptest.DefaultTools()))
	}
}

// A server that takes the connection and never answers the GET must not
// hold Connect past its endpoint timeout, nor past the caller's context.
func TestConnectToASilentServerIsBounded(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close() // held open, never answered
		}
	}()
	url := "http://" + ln.Addr().String()

	s := NewSession(Config{URL: url, Transport: TransportSSE, EndpointTimeout: 200 * time.Millisecond})
	rec := collect(s)
	err = s.Connect(testCtx(t))
	if err == nil || !strings.Contains(err.Error(), "no endpoint event within 200ms") {
		t.Errorf("Connect to a silent server = %v, want the endpoint timeout", err)
	}
	rec.waitFor(t, "closed state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateClosed })
	// One error says why; the GET it cancelled must not add "is the
	// gateway running", which points the wrong way.
	if errs := rec.of(KindError); len(errs) != 1 || errs[0].Error.Op != "negotiate" {
		for _, e := range errs {
			t.Errorf("error record: %s: %s", e.Error.Op, e.Error.Message)
		}
		t.Errorf("%d error records, want only the endpoint timeout", len(errs))
	}
	s.Close()

	// Detection tries both POSTs and then the legacy stream; each probe is
	// bounded by the same wait, and the error names each by what it asked
	// and says none was answered: the server, not the URL, is what to check.
	auto := NewSession(Config{URL: url, EndpointTimeout: 200 * time.Millisecond})
	defer auto.Close()
	autoRecs := collect(auto)
	err = auto.Connect(testCtx(t))
	for _, probe := range []string{"POST server/discover " + url + "/mcp: no answer in time", "POST initialize " + url + "/mcp: no answer in time", "GET " + url + "/sse: no answer in time"} {
		if !strings.Contains(err.Error(), probe) {
			t.Errorf("auto Connect to a silent server = %v, want it to name %q", err, probe)
		}
	}
	if CauseOf(err) != CauseConnectTimeout {
		t.Errorf("auto Connect to a silent server: cause %q, want %q (no probe was answered)", CauseOf(err), CauseConnectTimeout)
	}
	// Each probe is listed under the transport that sent it (a POST that
	// ends after detection moved on used to be counted as the next
	// transport's), and its pair failed on the connect timeout, which
	// --endpoint-timeout raises, not as "cancelled".
	d := autoRecs.waitFor(t, "the detection", func(r Record) bool { return r.Kind == KindDetect }).Detect
	var tried []string
	for _, a := range d.Attempts {
		tried = append(tried, a.Transport+" "+a.Label())
	}
	if want := []string{TransportStateless + " POST server/discover " + url + "/mcp", TransportStreamable + " POST initialize " + url + "/mcp", TransportSSE + " GET " + url + "/sse"}; strings.Join(tried, "|") != strings.Join(want, "|") {
		t.Errorf("attempts %q, want %q", tried, want)
	}
	for _, e := range autoRecs.of(KindError) {
		if e.Error.ReqSeq != 0 && (e.Error.Op != OpTimeout || e.Error.Cause != CauseConnectTimeout) {
			t.Errorf("a probe's pair failed as %s (%s): %s, want a connect timeout", e.Error.Op, e.Error.Cause, e.Error.Message)
		}
	}

	s = NewSession(Config{URL: url})
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if err := s.Connect(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Connect with a 200ms context = %v, want its deadline", err)
	}
}
