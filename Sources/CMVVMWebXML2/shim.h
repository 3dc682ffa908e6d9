// The parts of libxml2 that template loading uses: parsing, XInclude, RelaxNG and the I/O hooks
// that confine entity loading to the templates folder.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and encoding.h would then pull in the system's ICU headers,
// which clash with the copy Foundation ships. We never touch the ICU converter fields of
// xmlCharEncodingHandler, so hiding them from Swift is safe.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xinclude.h>
#include <libxml/relaxng.h>
#include <libxml/xmlIO.h>
#include <libxml/xmlerror.h>
#include <libxml/parserInternals.h>
// MVVMWebTesting reads rendered pages back with the HTML parser.
#include <libxml/HTMLparser.h>
