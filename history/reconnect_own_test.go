package history

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// ownReconnectsRecorded are the records of a real legacy session whose
// server ends each stream cleanly as soon as it opened: mcpscope
// reconnects on its own until it gives up, then the session is closed.
func ownReconnectsRecorded(t *testing.T) []mcp.Record {
	t.Helper()
	srv := mcptest.New(t, mcptest.Options{CloseAfterEndpoint: true})
	return recordedUntil(t, srv.SSEURL(), nil, func(r mcp.Record) bool {
		return r.Kind == mcp.KindState && r.State.State == mcp.StateClosed && strings.Contains(r.State.Detail, "stopped reconnecting")
	})
}

// recordedUntil are the records of a real legacy session at url that
// reconnects on its own, from its connect, after which then runs, until
// the record done says it is over; then the session is closed.
func recordedUntil(t *testing.T, url string, then func(), done func(mcp.Record) bool) []mcp.Record {
	t.Helper()
	s := mcp.NewSession(mcp.Config{URL: url, Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: time.Millisecond})
	var recs []mcp.Record
	over, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		said := false
		for b := range s.Records() {
			for _, r := range b {
				recs = append(recs, r)
				if !said && done(r) {
					said = true
					close(over)
				}
			}
		}
	}()
	ctx := testCtx(t)
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if then != nil {
		then()
	}
	select {
	case <-over:
	case <-ctx.Done():
		t.Fatal("the reconnects of its own never came to what was awaited")
	}
	s.Close()
	waitClosed(t, finished, "end of the record stream after Close")
	return recs
}

// statesRead are the session's states a Log reads after each state record
// of recs, appended one by one, as a replay steps through them.
func statesRead(recs []mcp.Record) []string {
	l := NewLog()
	var out []string
	for _, r := range recs {
		l.Append(r)
		if r.Kind == mcp.KindState {
			out = append(out, r.State.State+"→"+l.Stats().State)
		}
	}
	return out
}

// Whether a state is part of mcpscope's reconnects of its own is one
// typed fact the transport records (StateChange.Auto): the first close,
// clean, with no error to say it, already reads "reconnecting", and the
// last, after which nothing reconnects, "closed". A recording made before
// the fact, which said it only by the attempts' detail, reads as it did:
// its first close "closed", the attempts and the closes between them
// "reconnecting".
func TestOwnReconnectsReadFromTheTypedFactAndOldRecordingsAsBefore(t *testing.T) {
	recs := ownReconnectsRecorded(t)
	fresh, _ := readAll(t, record(t, recs, RecordOptions{}))
	old := make([]mcp.Record, len(fresh))
	for i, r := range fresh {
		if r.State != nil {
			st := *r.State
			st.Auto = false // as mcpscope recorded it before the field
			r.State = &st
		}
		old[i] = r
	}
	oldRead, _ := readAll(t, record(t, old, RecordOptions{}))

	newStates, oldStates := statesRead(fresh), statesRead(oldRead)
	// connecting, open, the first stream's clean close, then the attempts.
	if len(newStates) < 4 || newStates[2] != "closed→reconnecting" {
		t.Errorf("a new recording's first clean close reads %q; want it reconnecting (states %q)", newStates[min(2, len(newStates)-1)], newStates)
	}
	if len(oldStates) < 4 || oldStates[2] != "closed→closed" || oldStates[3] != "reconnecting→reconnecting" {
		t.Errorf("an old recording's first close and attempt read %q; want closed, then reconnecting, as before the field", oldStates)
	}
	attempts := 0
	for i, r := range fresh {
		st := r.State
		if st == nil || st.State != mcp.StateReconnecting {
			continue
		}
		attempts++
		if !st.OnItsOwn() || !oldRead[i].State.OnItsOwn() {
			t.Errorf("attempt %q: on its own %v (new), %v (old recording); want both", st.Detail, st.OnItsOwn(), oldRead[i].State.OnItsOwn())
		}
	}
	if attempts == 0 {
		t.Fatal("the session recorded no reconnect of its own")
	}
	// The close after which nothing reconnects, then the session's own.
	for _, states := range [][]string{newStates, oldStates} {
		if got := states[len(states)-2:]; got[0] != "closed→closed" || got[1] != "closed→closed" {
			t.Errorf("the last states read %q; want closed once the reconnects gave up (all: %q)", got, states)
		}
	}
}

// That the server ended a legacy stream cleanly is a typed fact
// (StateChange.ServerEnded, read by ClosedByServer), which the attempts'
// status line opens with; a recording made before the field, with it
// removed from the file, still reads as the server's close by the
// detail's words.
func TestServerClosedStreamReadFromTheTypedFactAndOldRecordingsAsBefore(t *testing.T) {
	path := record(t, ownReconnectsRecorded(t), RecordOptions{})
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const field = `,"server_ended":true`
	if !bytes.Contains(raw, []byte(field)) {
		t.Fatalf("the recording holds no %s:\n%s", field, raw)
	}
	oldPath := filepath.Join(t.TempDir(), "old.jsonl")
	if err := os.WriteFile(oldPath, bytes.ReplaceAll(raw, []byte(field), nil), 0o600); err != nil {
		t.Fatal(err)
	}
	fresh, _ := readAll(t, path)
	old, _ := readAll(t, oldPath)
	closes := 0
	for i, r := range fresh {
		st := r.State
		if st == nil || st.State != mcp.StateClosed || !strings.HasPrefix(st.Detail, "the server closed the stream") {
			continue
		}
		closes++
		if !st.ServerEnded || !st.ClosedByServer() || old[i].State.ServerEnded || !old[i].State.ClosedByServer() {
			t.Errorf("close %q: field %v, closed by the server %v (new); field %v, closed by the server %v (old); want the field only in the new, both closed by the server",
				st.Detail, st.ServerEnded, st.ClosedByServer(), old[i].State.ServerEnded, old[i].State.ClosedByServer())
		}
	}
	if closes == 0 {
		t.Fatal("the session recorded no close by the server")
	}
	for _, r := range fresh {
		if st := r.State; st != nil && st.State != mcp.StateClosed && st.ClosedByServer() {
			t.Errorf("a %s state reads as closed by the server: %+v", st.State, *st)
		}
	}
}
