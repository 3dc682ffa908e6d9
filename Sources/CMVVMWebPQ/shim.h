// libpq, PostgreSQL's C client: connections, queries and LISTEN/NOTIFY for the PostgreSQL store.
#include <libpq-fe.h>
