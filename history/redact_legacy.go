package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/urlpass"
	"github.com/mcpscope/mcpscope/mcp"
)

// A recording made before mcpscope redacted the user's -H headers keeps
// their values, and an echo of one in a server's answer. Which of its
// request headers the user gave is not written down, so a reader takes
// every request header for one but the protocol's own (keptHeader) and
// those mcpscope or a client's HTTP library sends by itself
// (ownHeaders), and redacts them as the recorder now would: by name, and
// by value (8 bytes or more) wherever a server echoed one. Export and
// replay show such a recording so; the file itself is left as it is.

// ownHeaders are request headers mcpscope, or the HTTP library of a client
// it relayed, sends by itself: no credential of the user's.
var ownHeaders = []string{"Accept-Encoding", "Accept-Language", "Cache-Control", "Cache", "Connection", "Sec-Fetch-Mode"}

// maxLegacyValues bounds the values a legacy recording's reader replaces
// wherever they appear: each costs a search of every record, and a
// client that sent a new token with every request must not make reading
// slower without end.
const maxLegacyValues = 64

// legacyHeader reports a request header of a legacy recording that is
// taken for a credential.
func legacyHeader(name string) bool {
	return !keptHeader(name) && !slices.ContainsFunc(ownHeaders, func(n string) bool { return strings.EqualFold(n, name) })
}

// legacyRedactor reads the request headers of every record in r, a
// legacy recording whose header is h, and returns the redactor that
// redacts them as the recorder now would. It learns nothing as records
// pass (the records are read back out of order, from more than one
// goroutine): every value is known before the first record is shown.
func legacyRedactor(r io.Reader, h Header) (*redactor, error) {
	headers := map[string][]string{}
	values := 0
	br := bufio.NewReaderSize(r, 256<<10)
	mark := []byte(`"request_headers"`)
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			// A long line (a large answer) is read whole only when it
			// may hold request headers.
			rest, rerr := br.ReadBytes('\n')
			line, err = append(slices.Clone(line), rest...), rerr
		}
		if bytes.Contains(line, mark) {
			var rec struct {
				HTTP *mcp.HTTPExchange `json:"http"`
			}
			if json.Unmarshal(line, &rec) == nil && rec.HTTP != nil {
				for name, vs := range rec.HTTP.RequestHeaders {
					if !legacyHeader(name) {
						continue
					}
					for _, v := range vs {
						if v == Redacted || values == maxLegacyValues || slices.Contains(headers[name], v) {
							continue
						}
						headers[name] = append(headers[name], v)
						values++
					}
					if _, ok := headers[name]; !ok {
						headers[name] = nil
					}
				}
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, err
		}
	}
	if len(headers) == 0 && len(urlpass.QueryParams(h.URL)) == 0 && !hasPassword(h.URL) {
		// Nothing to hide: the records are shown as they are, at no
		// cost per record.
		return nil, nil
	}
	red := newRedactor(RecordOptions{Headers: headers}, h.URL)
	red.fixed = true
	return red, nil
}
