package command

import "testing"

func TestURLCaution(t *testing.T) {
	for _, c := range []struct{ raw, host, caution string }{
		{"https://example.com/login?x=1", "example.com", ""},
		{"http://127.0.0.1:8080/cb", "127.0.0.1", ""},
		{"JavaScript:alert(1)", "", "a javascript: URL, not http(s): do not open it"},
		{"data:text/html,<script>alert(1)</script>", "", "a data: URL, not http(s): do not open it"},
		{"file:///etc/passwd", "", "a file: URL, not http(s): do not open it"},
		{"//evil.example/x", "", "it has no scheme (http or https): do not open it"},
		{"https:///path", "", "it names no host: do not open it"},
		{"https://bank.example:pw@evil.example/", "evil.example", "it opens evil.example: what comes before the @ is a user name, not the host"},
		{"https://exa\x1bmple.com/", "", "it is no URL: do not open it"},
		{"", "", "it is no URL: do not open it"},
	} {
		host, caution := URLCaution(c.raw)
		if host != c.host || caution != c.caution {
			t.Errorf("URLCaution(%q) = %q, %q; want %q, %q", c.raw, host, caution, c.host, c.caution)
		}
	}
}
