// The parts of libxml2 that template loading uses: parsing, XInclude, RelaxNG and the I/O hooks
// that confine entity loading to the templates folder.
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xinclude.h>
#include <libxml/relaxng.h>
#include <libxml/xmlIO.h>
#include <libxml/xmlerror.h>
#include <libxml/parserInternals.h>
