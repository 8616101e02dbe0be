package mcp

import (
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"strings"
)

// RecordedFailureWords is FailureWords for a failure as a record keeps it
// (HTTPExchange.Err, net/http's own text, the wire's truth), so a pane
// reading the record says what exec and the status line said when it
// happened: "the server closed the connection partway through its
// answer's status line and headers", where the record says net/http's
// "HTTP/1.x transport connection broken: unexpected EOF". The method and
// URL net/http puts first are left out, as the line showing it names them.
func RecordedFailureWords(recorded string) string {
	return FailureWords(recordedError(withoutRequest(recorded)))
}

// withoutRequest drops net/http's `Post "URL": ` from a recorded failure.
func withoutRequest(recorded string) string {
	for _, verb := range []string{"Get", "Post", "Delete", "Head", "Put"} {
		if rest, ok := strings.CutPrefix(recorded, verb+` "`); ok {
			if _, after, ok := strings.Cut(rest, `": `); ok {
				return after
			}
			break
		}
	}
	return recorded
}

// recordedError is an error FailureWords reads as it read the one whose
// text was recorded: net/http's are values (io.EOF) or wrap them, which a
// recording keeps only as text.
func recordedError(text string) error {
	if text == io.EOF.Error() {
		return io.EOF
	}
	if i := strings.Index(text, connBroken+": "); i >= 0 {
		head, after := text[:i+len(connBroken)], text[i+len(connBroken)+2:]
		switch {
		case after == io.ErrUnexpectedEOF.Error():
			return fmt.Errorf("%s: %w", head, io.ErrUnexpectedEOF)
		case strings.HasPrefix(after, badHeaderLine):
			return fmt.Errorf("%s: %w", head, textproto.ProtocolError(after))
		}
	}
	return errors.New(text)
}
