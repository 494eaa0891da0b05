// A billing system on jDBI SQL objects: the nightly dunning job selects overdue invoices and moves each to DUNNED through
// updateStatus, a method every DAO inherits from a base DAO whose statement lives in a StringTemplate group
// (EntitySqlDao.sql.stg) rendered against the invoice DAO's own tableName(). The UPDATE matches the id only: a payment
// recorded between the select and the update (status PAID) is overwritten with DUNNED. Finding at the template.
package com.example.pos30;

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
            invoices.updateStatus(i.getId(), "DUNNED");
        }
    }
}

interface EntitySqlDao {
    @SqlUpdate
    void updateStatus(String id, String status);
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
