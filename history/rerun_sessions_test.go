package history

import (
	"context"
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// recordSession is the recording a re-run test re-runs: a session with cfg,
// connected, steps run on it, then closed; it returns every record the
// session wrote. The session is closed even when a step fails the test, so
// its record reader does not outlive it.
func recordSession(t *testing.T, ctx context.Context, cfg mcp.Config, steps func(s *mcp.Session)) []mcp.Record {
	t.Helper()
	s := mcp.NewSession(cfg)
	var recs []mcp.Record
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range s.Records() {
			recs = append(recs, b...)
		}
	}()
	defer func() {
		s.Close()
		<-done
	}()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	steps(s)
	s.Close()
	waitClosed(t, done, "the end of the session's records after Close")
	return recs
}

// initialize does the recorded client's handshake, failing the test if the
// server refuses it.
func initialize(t *testing.T, ctx context.Context, s *mcp.Session) {
	t.Helper()
	if _, err := s.Initialize(ctx); err != nil {
		t.Fatal(err)
	}
}

// liveSession is the connected session a re-run sends to; its records are
// read and dropped. The caller closes it, so that it is closed before the
// servers the test's other defers close.
func liveSession(t *testing.T, ctx context.Context, cfg mcp.Config) *mcp.Session {
	t.Helper()
	live := mcp.NewSession(cfg)
	go func() {
		for range live.Records() {
		}
	}()
	if err := live.Connect(ctx); err != nil {
		live.Close()
		t.Fatal(err)
	}
	return live
}

// unkeptSession is a liveSession to url (no GET stream) that keeps no idle
// connection, for a test whose server goes away before a request: that
// request dials and is refused, as a server that is gone refuses it. A
// kept connection the server has just closed could carry it instead, and
// end it with EOF (a dropped connection) before the client saw it closed.
func unkeptSession(t *testing.T, ctx context.Context, url string) *mcp.Session {
	t.Helper()
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	return liveSession(t, ctx, mcp.Config{URL: url, NoGetStream: true, HTTPClient: client})
}

// rerunSame re-runs recs on s and fails the test for every step whose
// answer is not the same as the recording's; it returns every result for
// the test's own checks.
func rerunSame(t *testing.T, ctx context.Context, recs []mcp.Record, s *mcp.Session) []RerunResult {
	t.Helper()
	results := rerunRecorded(t, ctx, recs, s)
	for _, res := range results {
		if res.Outcome != OutcomeSame {
			t.Errorf("%s %s: %s %+v %s", res.Method, res.Tool, res.Outcome, res.Differences, res.Error)
		}
	}
	return results
}

// recordRequests records a session with cfg that initializes and then
// sends each method with no params, failing the test on any error or
// error answer, and returns its records.
func recordRequests(t *testing.T, ctx context.Context, cfg mcp.Config, methods ...string) []mcp.Record {
	t.Helper()
	return recordSession(t, ctx, cfg, func(s *mcp.Session) {
		initialize(t, ctx, s)
		for _, m := range methods {
			if _, err := mcp.Checked(s.Request(ctx, m, nil)); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// rerunCalls re-runs recs on s as rerunSame does (every outcome the same)
// and returns how many times it called tool.
func rerunCalls(t *testing.T, ctx context.Context, recs []mcp.Record, s *mcp.Session, tool string) int {
	t.Helper()
	calls := 0
	for _, res := range rerunSame(t, ctx, recs, s) {
		if res.Tool == tool {
			calls++
		}
	}
	return calls
}
