// Not a job entry point, but the loop iterates rows selected by status ("PENDING") and writes the next status blind.
package com.example.p003.pos09;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

public class InvoiceIssuer {

    private InvoiceMapper invoiceMapper;

    public void issueAll() {
        for (Invoice inv : invoiceMapper.selectByStatus("PENDING")) {
            invoiceMapper.setStatus(inv.getId(), "ISSUED");
        }
    }
}

@Mapper
interface InvoiceMapper {
    @Select("SELECT id FROM invoice WHERE status = #{status}")
    List<Invoice> selectByStatus(@Param("status") String status);

    @Update("UPDATE invoice SET status = #{status}, issued_at = NOW() WHERE id = #{id}") // expect: IDEM003 "iterates rows selected by status"
    int setStatus(@Param("id") long id, @Param("status") String status);
}

class Invoice {
    private Long id;

    public Long getId() { return id; }
}
