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
// at the end (a body cut in its middle) is dropped with the rest. Its
// blocks (title, headings, paragraphs) are told apart with "; ", and a
// heading that says the title again is left out: run together, an error
// page read "502 Bad Gateway Bad Gateway upstream exploded".
func htmlText(doc string) string {
	// Tag names are matched in a copy lower-cased in ASCII alone, which
	// keeps every byte where it was: strings.ToLower turns a server's
	// invalid UTF-8 into three-byte U+FFFD, and an index found in it
	// then cut the page past its end.
	low := lowerASCII(doc)
	var blocks htmlBlocks
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
		if i := strings.IndexFunc(name, func(r rune) bool { return r == '/' || unicode.IsSpace(r) }); i > 0 {
			name = name[:i]
		}
		closing := strings.HasPrefix(name, "/")
		name = strings.TrimPrefix(name, "/")
		doc, low = doc[gt+1:], low[gt+1:]
		if !closing && (name == "script" || name == "style") {
			// What a page runs or how it looks is no part of what it says.
			end := strings.Index(low, "</"+name)
			if end < 0 {
				break
			}
			doc, low = doc[end:], low[end:]
			continue
		}
		if kind, ok := htmlBlockKinds[name]; ok {
			blocks.end(&b)
			if !closing {
				blocks.kind = kind
			}
		}
	}
	blocks.end(&b)
	return blocks.line()
}

// The kinds of block htmlText tells apart.
const (
	htmlOther = iota
	htmlTitle
	htmlHeading
)

// htmlBlockKinds are the elements that begin or end a block of a page's
// text; those not named are read inline, as part of the block around them.
var htmlBlockKinds = map[string]int{
	"title": htmlTitle, "h1": htmlHeading, "h2": htmlHeading, "h3": htmlHeading, "h4": htmlHeading, "h5": htmlHeading, "h6": htmlHeading,
	"p": htmlOther, "div": htmlOther, "br": htmlOther, "hr": htmlOther, "li": htmlOther, "ul": htmlOther, "ol": htmlOther,
	"dt": htmlOther, "dd": htmlOther, "tr": htmlOther, "td": htmlOther, "th": htmlOther, "table": htmlOther, "pre": htmlOther,
	"center": htmlOther, "head": htmlOther, "body": htmlOther, "header": htmlOther, "footer": htmlOther, "main": htmlOther,
	"section": htmlOther, "article": htmlOther, "nav": htmlOther, "address": htmlOther, "blockquote": htmlOther, "form": htmlOther,
}

// htmlBlocks are the blocks of a page's text read so far, and the kind
// of the one being read.
type htmlBlocks struct {
	title string
	text  []string
	kind  int
}

// end ends the block being read, whose text is in b, and resets b.
func (h *htmlBlocks) end(b *strings.Builder) {
	t := strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
	b.Reset()
	kind := h.kind
	h.kind = htmlOther
	switch {
	case t == "":
		return
	case kind == htmlTitle && h.title == "":
		h.title = t
	case kind == htmlHeading && h.title != "" && strings.Contains(strings.ToLower(h.title), strings.ToLower(t)):
		return // the title said again ("502 Bad Gateway", then "Bad Gateway")
	}
	h.text = append(h.text, t)
}

// line is the blocks on one line: "; " between them, or a space after
// one that ends a sentence of its own.
func (h *htmlBlocks) line() string {
	var b strings.Builder
	for i, t := range h.text {
		if i > 0 {
			if strings.ContainsRune(".!?:;", rune(h.text[i-1][len(h.text[i-1])-1])) {
				b.WriteByte(' ')
			} else {
				b.WriteString("; ")
			}
		}
		b.WriteString(t)
	}
	return b.String()
}
