package mcp

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A JSON answer whose Content-Length is shorter than what the server sends
// is cut off there by net/http: the error says the Content-Length cut it,
// not only that the JSON ended too soon.
func TestJSONAnswerCutByAShortContentLength(t *testing.T) {
	err := rawToolsList(t, 0, func(id string) (string, bool) {
		answer := `{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[]}}`
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(answer)-5) + "\r\n\r\n" + answer, true
	})
	if err == nil || !strings.Contains(err.Error(), "Content-Length named") {
		t.Errorf("tools/list = %v, want it to say the Content-Length cut the answer off", err)
	}
}

// A POST whose answer began (a few bytes of the status line) and never
// finished its headers is said to have begun: "the POST itself got no
// answer" would send the user to look for a server stuck on the request
// when it was writing its answer, a byte at a time or stalled.
func TestPOSTAnswerWhoseHeadersBeganAndNeverEnded(t *testing.T) {
	err := rawToolsList(t, 300*time.Millisecond, func(id string) (string, bool) {
		return "HTTP/1.1 200 OK\r\nContent-Type: appl", true
	})
	if CauseOf(err) != CauseStalled || !strings.Contains(err.Error(), "began, but its status line and headers never ended") {
		t.Errorf("tools/list = %v (cause %q), want %q saying the answer's headers began and never ended", err, CauseOf(err), CauseStalled)
	}
}

// A JSON answer whose Content-Length is longer than what the server sends
// before it closes says how far it got of what was promised, not only
// "unexpected EOF".
func TestJSONAnswerShorterThanItsContentLength(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	front := frontOf(t, srv, "tools/list", func(w http.ResponseWriter, r *http.Request, _ []byte) {
		conn, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			t.Errorf("hijack: %v", err)
			return
		}
		_, _ = io.WriteString(conn, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"jsonrpc\":\"2.0\"")
		conn.Close()
	})
	s := NewSession(Config{URL: front + "/mcp", Transport: TransportStreamable, NoGetStream: true})
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	_, _, err := s.ListTools(testCtx(t), false)
	if err == nil || !strings.Contains(err.Error(), "after 16 of the 1000 bytes its Content-Length named") {
		t.Errorf("tools/list = %v, want it to say 16 of the 1000 bytes came", err)
	}
}

// An event stream whose Content-Length is shorter than the stream ends
// there, before the answer: the error names the Content-Length, as the
// JSON case does, not only that the server ended the stream.
func TestEventStreamCutByAShortContentLength(t *testing.T) {
	err := rawToolsList(t, 0, func(id string) (string, bool) {
		stream := ": opening\n\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"tools\":[]}}\n\n"
		return "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: 12\r\n\r\n" + stream, true
	})
	if err == nil || !strings.Contains(err.Error(), "ended before its answer (the server ended it after 12 bytes, as its Content-Length named)") {
		t.Errorf("tools/list = %v, want it to say the stream ended after the 12 bytes its Content-Length named", err)
	}
}

// rawToolsList is a streamable session with a raw-socket server that
// initializes and takes notifications as any server does, and answers
// tools/list with what answer writes for its id (and whether it closes the
// connection after): the error tools/list ends with. timeout is the
// request timeout (0: the default).
func rawToolsList(t *testing.T, timeout time.Duration, answer func(id string) (raw string, closeAfter bool)) error {
	t.Helper()
	return rawToolsListOn(t, mcptest.RawAnswers, timeout, answer)
}

// rawToolsListOn is rawToolsList with the raw server serve starts
// (mcptest.RawAnswersThenClose: one that closes the connection after).
func rawToolsListOn(t *testing.T, serve func(testing.TB, func(*http.Request, []byte) (string, bool)) string, timeout time.Duration, answer func(id string) (raw string, closeAfter bool)) error {
	t.Helper()
	url := serve(t, func(req *http.Request, body []byte) (string, bool) {
		if strings.Contains(string(body), `"initialize"`) {
			init := `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"x","version":"1"}}}`
			return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(init)) + "\r\n\r\n" + init, false
		}
		if !strings.Contains(string(body), `"tools/list"`) {
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		}
		return answer(mcptest.RawID(string(body)))
	})
	s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable, NoGetStream: true, RequestTimeout: timeout})
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	_, _, err := s.ListTools(testCtx(t), false)
	return err
}

// A JSON answer that stops coming short of its Content-Length, the
// connection held open, says how far it got of what was promised, as one
// cut off by a closed connection does, not only that a body never ended.
func TestJSONAnswerStalledShortOfItsContentLength(t *testing.T) {
	err := rawToolsList(t, 300*time.Millisecond, func(id string) (string, bool) {
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 196\r\n\r\n" + strings.Repeat(" ", 96), true
	})
	const want = "its answer began and stopped coming after 96 of the 196 bytes its Content-Length named"
	if CauseOf(err) != CauseStalled || err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("tools/list = %v (cause %q), want %q saying %q", err, CauseOf(err), CauseStalled, want)
	}
}

// A JSON answer sent in chunks that stops mid-way says how far it got, as
// one cut short of its Content-Length does, not only "unexpected EOF".
func TestChunkedJSONAnswerCutMidWaySaysHowFarItGot(t *testing.T) {
	err := rawToolsListOn(t, mcptest.RawAnswersThenClose, 0, func(id string) (string, bool) {
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{\"jsonrpc\":\"2.0\"\r\n", true
	})
	if err == nil || !strings.Contains(err.Error(), "the JSON answer broke off after 16 bytes (sent in chunks, with no length named)") {
		t.Errorf("tools/list = %v, want it to say 16 bytes came of a chunked body", err)
	}
}

// A gzip answer cut mid-way says how far its decoding got, not that it was
// sent in chunks: it named a length, which what it decoded to has not.
func TestGzipJSONAnswerCutMidWaySaysItWasDecoded(t *testing.T) {
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	_, _ = zw.Write([]byte(`{"jsonrpc":"2.0","id":2,"result":{"tools":[` + strings.Repeat(`{"name":"t","inputSchema":{"type":"object"}},`, 200) + `]}}`))
	_ = zw.Close()
	half := zipped.Bytes()[:zipped.Len()/2]
	err := rawToolsListOn(t, mcptest.RawAnswersThenClose, 0, func(id string) (string, bool) {
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: " + strconv.Itoa(zipped.Len()) + "\r\n\r\n" + string(half), true
	})
	if err == nil || strings.Contains(err.Error(), "chunks") || !strings.Contains(err.Error(), "(decoded, of a compressed body)") {
		t.Errorf("tools/list = %v, want it to say how far the decoding got, not that the body came in chunks", err)
	}
}
