package mcp

import (
	"strings"
	"testing"
)

// A password starting with '/' parses as host "ann", an empty port and a
// path holding the password, which would be sent to that other host: it
// is refused as the typo it is, quoted without the password.
func TestTargetURLRefusesAPasswordThatEndsTheHost(t *testing.T) {
	for _, raw := range []string{"http://ann:/SECRETpw77@127.0.0.1:9/mcp", "ann:/SECRETpw77@127.0.0.1:9/mcp"} {
		_, err := TargetURL(raw)
		if err == nil || !strings.Contains(err.Error(), "ann:xxxxx@127.0.0.1:9/mcp") || !strings.Contains(err.Error(), "%2F") {
			t.Errorf("%s: %v, want it refused naming ann:xxxxx@127.0.0.1:9/mcp and %%2F", raw, err)
		}
		if err != nil && strings.Contains(err.Error(), "SECRET") {
			t.Errorf("%s: the error quotes the password: %v", raw, err)
		}
	}
}
