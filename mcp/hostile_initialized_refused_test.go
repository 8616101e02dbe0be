package mcp

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that refuses the notifications/initialized ending the handshake
// (here the MCP-Protocol-Version its own initialize answer named, as a
// gateway checking headers against an older list does) failed the
// connection with "POST URL answered 400 ..." alone: read after
// "exec URL tools/list" it looked like the command's own failure, though
// the command was never sent. The failure now names the message refused
// and the version initialize agreed on.
func TestInitializedRefusedIsNamed(t *testing.T) {
	const body = `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: Unsupported protocol version: 2025-11-25"},"id":null}`
	srv := mcptest.OnMethod(t, "notifications/initialized", func(x *mcptest.Exchange) {
		x.Status(http.StatusBadRequest, "application/json", body)
	})
	s := NewSession(Config{URL: srv.Endpoint(), Transport: TransportStreamable, NoGetStream: true})
	collect(s)
	defer s.Close()
	err := s.Connect(testCtx(t))
	if CauseOf(err) != CauseStatus {
		t.Fatalf("Connect = %v (cause %q), want cause %q", err, CauseOf(err), CauseStatus)
	}
	for _, want := range []string{"notifications/initialized", "protocol 2025-11-25", "answered 400", "Unsupported protocol version"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the failure says %q, want it to say %q", err, want)
		}
	}
}

// Detecting the same server: initialize was answered, so the server speaks
// streamable HTTP, yet the refused notification read as "answered 400:
// not streamable HTTP here" and detection went on to GET the URL as a
// legacy stream. Detection now stops at the transport that answered, and
// its attempt says the handshake was refused.
func TestDetectionStopsWhereInitializeWasAnswered(t *testing.T) {
	srv := mcptest.OnMethod(t, "notifications/initialized", func(x *mcptest.Exchange) {
		x.Status(http.StatusBadRequest, "text/plain", "Unsupported protocol version")
	})
	s := NewSession(Config{URL: srv.Endpoint(), NoGetStream: true})
	rec := collect(s)
	defer s.Close()
	if err := s.Connect(testCtx(t)); err == nil {
		t.Fatal("Connect succeeded, want the refused notification's failure")
	}
	d := rec.waitFor(t, "the detection record", func(r Record) bool { return r.Kind == KindDetect })
	// The headline too: the transport was found, the session did not open.
	if want := "the server answered as streamable HTTP, but the session could not open: "; !strings.HasPrefix(d.Detect.Reason, want) {
		t.Errorf("the detection's reason is %q, want it to begin %q", d.Detect.Reason, want)
	}
	for _, a := range d.Detect.Attempts {
		if a.Transport == TransportSSE {
			t.Errorf("detection went on to probe legacy HTTP+SSE after initialize was answered: %+v", a)
		}
		if a.Transport == TransportStreamable && (strings.Contains(a.Verdict, "not streamable HTTP here") || !strings.Contains(a.Verdict, "handshake")) {
			t.Errorf("the initialize attempt's verdict is %q, want it to say the handshake failed, not that streamable HTTP is not here", a.Verdict)
		}
	}
}

// The same server with --transport streamable: the attempt took the
// notification's 400 as initialize's ("tried POST initialize URL → 400 ·
// answered 400: not streamable HTTP here"), and the session's only error
// was the POST's own, which does not name the message refused. The
// attempt now shows initialize's own answer and a refused handshake, and
// the session's error names the notification.
func TestForcedStreamableSaysTheHandshakeWasRefused(t *testing.T) {
	srv := mcptest.OnMethod(t, "notifications/initialized", func(x *mcptest.Exchange) {
		x.Status(http.StatusBadRequest, "text/plain", "Unsupported protocol version")
	})
	s := NewSession(Config{URL: srv.Endpoint(), Transport: TransportStreamable, NoGetStream: true})
	rec := collect(s)
	defer s.Close()
	if err := s.Connect(testCtx(t)); err == nil {
		t.Fatal("Connect succeeded, want the refused notification's failure")
	}
	d := rec.waitFor(t, "the detection record", func(r Record) bool { return r.Kind == KindDetect })
	if len(d.Detect.Attempts) != 1 {
		t.Fatalf("the forced detection has %d attempts, want its one: %+v", len(d.Detect.Attempts), d.Detect.Attempts)
	}
	if a := d.Detect.Attempts[0]; a.Status != http.StatusOK || !a.HandshakeRefused() || strings.Contains(a.Verdict, "not streamable HTTP here") {
		t.Errorf("the attempt reads %s → %d, %q; want initialize's 200 and a refused handshake", a.Label(), a.Status, a.Verdict)
	}
	rec.waitFor(t, "an error naming the refused notification", func(r Record) bool {
		return r.Kind == KindError && strings.HasPrefix(r.Error.Message, "notifications/initialized, which ends the handshake")
	})
}
