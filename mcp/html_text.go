package mcp

import (
	"html"
	"strings"
	"unicode"
)

// BodyWords is an answer's body as a message quotes it: an HTML page (a
// proxy's or a web server's error page) as its text, tags and the
// contents of script and style left out, entities decoded and white space
// collapsed, after "HTML: " saying so; any other body as it is. Quoted
// whole, a page is a line of <!DOCTYPE and <meta before its first word.
// The raw body stays as it was in the record.
func BodyWords(contentType, body string) string {
	switch mediaTypeOf(contentType) {
	case "text/html", "application/xhtml+xml":
	default:
		return body
	}
	return "HTML: " + htmlText(body)
}

// htmlText is the text of an HTML document, on one line. A tag left open
// at the end (a body cut in its middle) is dropped with the rest.
func htmlText(doc string) string {
	// Tag names are matched in a copy lower-cased in ASCII alone, which
	// keeps every byte where it was: strings.ToLower turns a server's
	// invalid UTF-8 into three-byte U+FFFD, and an index found in it
	// then cut the page past its end.
	low := lowerASCII(doc)
	var b strings.Builder
	for doc != "" {
		lt := strings.IndexByte(doc, '<')
		if lt < 0 {
			b.WriteString(doc)
			break
		}
		b.WriteString(doc[:lt])
		b.WriteByte(' ')
		doc, low = doc[lt:], low[lt:]
		gt := strings.IndexByte(doc, '>')
		if gt < 0 {
			break
		}
		name := low[1:gt]
		if i := strings.IndexFunc(name, func(r rune) bool { return r == '/' || unicode.IsSpace(r) }); i >= 0 {
			name = name[:i]
		}
		doc, low = doc[gt+1:], low[gt+1:]
		if name == "script" || name == "style" {
			// What a page runs or how it looks is no part of what it says.
			end := strings.Index(low, "</"+name)
			if end < 0 {
				break
			}
			doc, low = doc[end:], low[end:]
		}
	}
	return strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
}
