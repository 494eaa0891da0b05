// The same dunning job, but the base DAO's template moves the row only from the status it was selected in (the
// caller passes it as :expected) and the job acts on the row count: a payment in between makes the update match
// nothing. No finding.
package com.example.neg50;

import java.util.List;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.jdbi.v3.stringtemplate4.UseStringTemplateSqlLocator;
import org.springframework.scheduling.annotation.Scheduled;

public class DunningJob {

    private InvoiceSqlDao invoices;

    @Scheduled(cron = "0 0 2 * * *")
    public void dunOverdue() {
        for (Invoice i : invoices.getOverdue()) {
            if (invoices.updateStatus(i.getId(), "DUNNED", "OPEN") != 1) {
                continue;
            }
        }
    }
}

interface EntitySqlDao {
    @SqlUpdate
    int updateStatus(String id, String status, String expected);
}

@UseStringTemplateSqlLocator
interface InvoiceSqlDao extends EntitySqlDao {
    @SqlQuery
    List<Invoice> getOverdue();
}

class Invoice {
    String id;

    String getId() {
        return id;
    }
}
