/* cusparse_v2.h: as in the toolkit, cusparse.h under its old name. Link
 * with -lcusparse. */
#if !defined(CUSPARSE_V2_H_)
#define CUSPARSE_V2_H_
#include "cusparse.h"
#endif
