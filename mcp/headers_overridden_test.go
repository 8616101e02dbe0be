package mcp

import (
	"net/http"
	"testing"
)

// A 400 is no refusal of a label only for detection's server/discover
// (every TypeScript SDK server's answer to it): a 400 to a stateless
// session's own request names the -H Content-Type that replaced its label,
// where every stateless POST was let off.
func TestA400NamesTheLabelOnAStatelessRequestButNotTheProbe(t *testing.T) {
	given := http.Header{"Content-Type": {"text/plain"}}
	if w := relabelledWords(given, http.MethodPost, TransportStateless, false, http.StatusBadRequest); w == "" {
		t.Error("a 400 to a stateless session's request does not name the -H Content-Type")
	}
	if w := relabelledWords(given, http.MethodPost, TransportStateless, true, http.StatusBadRequest); w != "" {
		t.Errorf("detection's server/discover refused 400 names the -H: %q", w)
	}
}
