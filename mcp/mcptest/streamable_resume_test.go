package mcptest

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"testing"
	"time"
)

// resumeGET sends GET with Last-Event-ID on session ID1.
func resumeGET(t *testing.T, srv *StreamableServer, lastID string) *http.Response {
	t.Helper()
	return send(t, context.Background(), http.MethodGet, srv.Endpoint(),
		hdr("Accept", "text/event-stream", "Mcp-Session-Id", "ID1", "Last-Event-ID", lastID), "")
}

// logEvent is the raw event of a notifications/message the cut handlers send.
func logEvent(id, text string) string {
	return "event: message\nid: " + id + "\ndata: " +
		`{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"` + text + `","level":"info","logger":"fake"}}` + "\n\n"
}

const echoCall = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}`

const echoResult = `{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"hi"}]}}`

func TestStreamableCutWithRetryThenResume(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, Store: StoreStream, Handle: CutMidResponse("tools/call", 500*time.Millisecond)})
	open(t, srv)
	resp := call(t, srv, "ID1", echoCall)
	want(t, "cut stream", readBody(t, resp), logEvent("s2_1", "before the cut")+"retry: 500\n\n")

	got := resumeGET(t, srv, "s2_1")
	wantStatus(t, got, http.StatusOK, "text/event-stream")
	want(t, "resumed stream", readBody(t, got), logEvent("s2_2", "after the cut")+"event: message\nid: s2_3\ndata: "+echoResult+"\n\n")
	if r := ended(t, srv.WaitRequest, 2); r.Cancelled || r.Answered != 2 {
		t.Errorf("cut POST recorded Cancelled %v Answered %d, want false 2", r.Cancelled, r.Answered)
	}
}

func TestStreamableBrokenConnectionThenResume(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, Store: StoreStream, Handle: BreakMidResponse("tools/call")})
	open(t, srv)
	resp := call(t, srv, "ID1", echoCall)
	r := bufio.NewReader(resp.Body)
	st := &rawStream{t: t, resp: resp, r: r}
	want(t, "event before the break", st.event(), logEvent("s2_1", "before the cut"))
	if rest, err := io.ReadAll(r); err != io.ErrUnexpectedEOF {
		t.Fatalf("after the break read %q, %v; want io.ErrUnexpectedEOF", rest, err)
	}
	want(t, "resumed stream", readBody(t, resumeGET(t, srv, "s2_1")),
		logEvent("s2_2", "after the cut")+"event: message\nid: s2_3\ndata: "+echoResult+"\n\n")
}

func TestStreamableReplayScope(t *testing.T) {
	pingResult := "event: message\nid: s3_1\ndata: {\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}\n\n"
	tests := []struct {
		store StoreMode
		want  string
	}{
		{StoreStream, logEvent("s2_2", "after the cut") + "event: message\nid: s2_3\ndata: " + echoResult + "\n\n"},
		{StoreAllStreams, pingResult + logEvent("s2_2", "after the cut") + "event: message\nid: s2_3\ndata: " + echoResult + "\n\n"},
	}
	for _, tt := range tests {
		pinged := make(chan struct{})
		srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, Store: tt.store, Handle: HandleMethod("tools/call", func(x *Exchange) {
			_ = x.Log("info", "before the cut")
			x.Cut(0)
			select {
			case <-pinged:
			case <-x.Context().Done():
				return
			}
			_ = x.Log("info", "after the cut")
			if x.WaitResumed(x.Context()) == nil {
				x.Default()
			}
		})})
		open(t, srv)
		want(t, "cut stream", readBody(t, call(t, srv, "ID1", echoCall)), logEvent("s2_1", "before the cut"))
		want(t, "ping on another stream", readBody(t, call(t, srv, "ID1", `{"jsonrpc":"2.0","id":3,"method":"ping"}`)), pingResult)
		close(pinged)
		want(t, "replay", readBody(t, resumeGET(t, srv, "s2_1")), tt.want)
	}
}

func TestStreamableResumeErrors(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, Store: StoreStream, Priming: true})
	open(t, srv)

	resp := resumeGET(t, srv, "zzz")
	wantStatus(t, resp, http.StatusBadRequest, textPlain)
	want(t, "unknown id", readBody(t, resp), "unknown Last-Event-ID \"zzz\"\n")

	// A stream still carried by its POST cannot be resumed a second time.
	slow := events(t, call(t, srv, "ID1", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{}}}`))
	want(t, "priming event", slow.event(), "id: s2_1\ndata: \n\n")
	resp = resumeGET(t, srv, "s2_1")
	wantStatus(t, resp, http.StatusConflict, textPlain)

	// A finished stream replays what followed and ends.
	want(t, "finished stream", readBody(t, resumeGET(t, srv, "s1_1")),
		"event: message\nid: s1_2\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":"+initResult+"}\n\n")
}
