package io.idemcheck.core.sql;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** jDBI template locators: group files named after the type, imports, overrides, per-method files. */
class SqlObjectTemplatesTest {

    @TempDir
    Path tmp;

    private final List<Path> files = new ArrayList<>();

    private void write(String rel, String text) throws Exception {
        Path p = tmp.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        files.add(p);
    }

    private SqlObjectTemplates templates() {
        return new SqlObjectTemplates(files, p -> tmp.relativize(p).toString().replace('\\', '/'));
    }

    static final String BASE = """
            group EntitySqlDao;

            tableFields(prefix) ::= <<
            <prefix>id, <prefix>status
            >>

            updateStatus() ::= <<
            update <tableName()>
            set status = :status
            where id = :id
            <if(checkTenant)>and tenant_id = :tenantId<endif>
            >>

            getById() ::= <<
            select <tableFields()> from <tableName()> where id = :id
            >>
            """;

    static final String INVOICE = """
            import "com/acme/dao/EntitySqlDao.sql.stg"

            tableName() ::= "invoices"

            markPaid() ::= <<
            update <tableName()> set status = 'PAID' where id = :id and status = 'OPEN'
            >>
            """;

    @Test
    void aTemplateOfTheImportedBaseGroupRendersAgainstTheImportingGroupsTableNameAndKeepsItsOwnLine() throws Exception {
        write("dao/src/main/resources/com/acme/dao/EntitySqlDao.sql.stg", BASE.replace("group EntitySqlDao;\n", ""));
        write("invoice/src/main/resources/com/acme/invoice/InvoiceSqlDao.sql.stg", INVOICE);
        SqlObjectTemplates t = templates();

        SqlObjectTemplates.Rendered r = t.render("com.acme.invoice.InvoiceSqlDao", "updateStatus");
        assertThat(r.error()).isNull();
        assertThat(r.sql().replaceAll("\\s+", " ").trim())
                .isEqualTo("update invoices set status = :status where id = :id");
        assertThat(r.relPath()).isEqualTo("dao/src/main/resources/com/acme/dao/EntitySqlDao.sql.stg");
        assertThat(r.line()).isEqualTo(6);

        SqlObjectTemplates.Rendered own = t.render("com.acme.invoice.InvoiceSqlDao", "markPaid");
        assertThat(own.relPath()).isEqualTo("invoice/src/main/resources/com/acme/invoice/InvoiceSqlDao.sql.stg");
        assertThat(own.line()).isEqualTo(5);
        assertThat(own.sql()).contains("where id = :id and status = 'OPEN'");
        assertThat(t.problems()).isEmpty();
    }

    @Test
    void aTemplateCalledWithFewerArgumentsThanItDeclaresRendersThemEmptyWithoutAnError() throws Exception {
        write("src/main/resources/com/acme/dao/EntitySqlDao.sql.stg", BASE.replace("group EntitySqlDao;\n", ""));
        write("src/main/resources/com/acme/invoice/InvoiceSqlDao.sql.stg", INVOICE);
        SqlObjectTemplates.Rendered r = templates().render("com.acme.invoice.InvoiceSqlDao", "getById");
        assertThat(r.error()).isNull();
        assertThat(r.sql().replaceAll("\\s+", " ").trim()).isEqualTo("select id, status from invoices where id = :id");
    }

    @Test
    void aBaseGroupRenderedAloneReportsTheMissingTemplateItCalls() throws Exception {
        write("src/main/resources/com/acme/dao/EntitySqlDao.sql.stg", BASE.replace("group EntitySqlDao;\n", ""));
        SqlObjectTemplates.Rendered r = templates().render("com.acme.dao.EntitySqlDao", "updateStatus");
        assertThat(r.error()).contains("tableName");
    }

    @Test
    void aTemplateThatDoesNotRenderIsReportedAtTheLineThatBreaksIt() throws Exception {
        write("src/main/resources/com/acme/dao/EntitySqlDao.sql.stg", BASE.replace("group EntitySqlDao;\n", "")
                + "\ninline() ::= \"update t set <nosuch()> where id = :id\"\n");
        SqlObjectTemplates t = templates();
        SqlObjectTemplates.Rendered r = t.render("com.acme.dao.EntitySqlDao", "updateStatus");
        assertThat(r.line()).as("the statement: the template's first line").isEqualTo(6);
        assertThat(r.errorLine()).as("the problem: the line calling the missing tableName()").isEqualTo(7);
        SqlObjectTemplates.Rendered inline = t.render("com.acme.dao.EntitySqlDao", "inline");
        assertThat(inline.error()).contains("nosuch");
        assertThat(inline.errorLine()).as("a body on the definition's own line").isEqualTo(17).isEqualTo(inline.line());
        SqlObjectTemplates.Rendered fine = t.render("com.acme.dao.EntitySqlDao", "tableFields");
        assertThat(fine.error()).isNull();
        assertThat(fine.errorLine()).isEqualTo(fine.line());
    }

    @Test
    void anImportNotAmongTheScannedFilesIsAProblemAndTheGroupStillRendersItsOwnTemplates() throws Exception {
        write("src/main/resources/com/acme/invoice/InvoiceSqlDao.sql.stg", INVOICE);
        SqlObjectTemplates t = templates();
        SqlObjectTemplates.Rendered r = t.render("com.acme.invoice.InvoiceSqlDao", "markPaid");
        assertThat(r.sql()).contains("update invoices set status = 'PAID'");
        assertThat(t.problems()).singleElement().asString()
                .contains("import \"com/acme/dao/EntitySqlDao.sql.stg\" not found");
    }

    @Test
    void noGroupOrNoTemplateOfThatNameIsNull() throws Exception {
        write("src/main/resources/com/acme/invoice/InvoiceSqlDao.sql.stg", "tableName() ::= \"invoices\"\n");
        SqlObjectTemplates t = templates();
        assertThat(t.render("com.acme.invoice.InvoiceSqlDao", "markPaid")).isNull();
        assertThat(t.render("com.acme.other.OtherDao", "markPaid")).isNull();
        assertThat(t.hasTemplatesFor("com.acme.invoice.InvoiceSqlDao")).isTrue();
        assertThat(t.hasTemplatesFor("com.acme.other.OtherDao")).isFalse();
    }

    @Test
    void aPerMethodSqlFileIsTheMethodsStatement() throws Exception {
        write("src/main/resources/com/acme/TaskDao/finish.sql", "UPDATE task SET status = 'DONE' WHERE id = :id\n");
        SqlObjectTemplates t = templates();
        assertThat(t.hasTemplatesFor("com.acme.TaskDao")).isTrue();
        SqlObjectTemplates.Rendered r = t.render("com.acme.TaskDao", "finish");
        assertThat(r.sql()).startsWith("UPDATE task SET status = 'DONE'");
        assertThat(r.relPath()).isEqualTo("src/main/resources/com/acme/TaskDao/finish.sql");
        assertThat(r.line()).isEqualTo(1);
    }

    @Test
    void theResourceNameIsThePathAfterTheLastResourcesFolder() {
        assertThat(SqlObjectTemplates.resourceName("a/src/main/resources/org/x/Dao.sql.stg")).isEqualTo("org/x/Dao.sql.stg");
        assertThat(SqlObjectTemplates.resourceName("resources/org/x/Dao.sql.stg")).isEqualTo("org/x/Dao.sql.stg");
        assertThat(SqlObjectTemplates.resourceName("org/x/Dao.sql.stg")).isEqualTo("org/x/Dao.sql.stg");
    }
}
