package main

import (
	"strings"
	"testing"
)

// An '@' in the path of a URL with no password is the path's: a mistyped
// port is said to be the port, not a password holding a '/'. A real
// password with a '/' is still told to write it as %2F, masked.
func TestURLWithAtInPathAndBadPortSaysThePort(t *testing.T) {
	stateDir(t)
	for raw, want := range map[string]string{
		"http://127.0.0.1:99999x/a@b":  `"http://127.0.0.1:99999x/a@b" is not a URL: invalid port ":99999x"`,
		"localhost:99999x/a@b":         `"localhost:99999x/a@b" is not a URL: invalid port ":99999x"`,
		"http://ann:pa/ss@127.0.0.1:9": `"http://ann:xxxxx@127.0.0.1:9" is not a URL: its password holds a / ? or #`,
		"ann:/pw@127.0.0.1:9":          `"ann:xxxxx@127.0.0.1:9" is not a URL: its password holds a / ? or #`,
		// A dotted user whose password starts with a digit is a user:
		// read as a mistyped port, the error quoted the password's start.
		"http://ann.b:1x/y@127.0.0.1:9": `"http://ann.b:xxxxx@127.0.0.1:9" is not a URL: its password holds a / ? or #`,
	} {
		out, errOut, code := run(t, "exec", "--no-record", raw, "tools/list")
		if code != exitUsage || !strings.Contains(errOut, want) {
			t.Errorf("exec %q: exit %d, want %d saying %s\n%s%s", raw, code, exitUsage, want, out, errOut)
		}
	}
}
