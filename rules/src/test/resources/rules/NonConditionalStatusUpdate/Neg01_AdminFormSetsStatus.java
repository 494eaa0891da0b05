// An admin form sets a product's status: no previous status is read and nothing unattended runs it; a CRUD setter,
// not a transition: no finding.
package com.example.n003.neg01;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ProductAdminController {

    private ProductMapper productMapper;

    @PostMapping("/admin/product/status")
    public void setStatus(@RequestParam long id, @RequestParam int status) {
        productMapper.updateStatus(id, status);
    }
}

@Mapper
interface ProductMapper {
    @Update("UPDATE product SET publish_status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") int status);
}
