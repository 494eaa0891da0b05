// Found by a first-time user: an admin endpoint archives a product unless it is archived already. The write sets the
// very state the guard tested for, so a repeat or a concurrent request writes the same value: no transition to lose.
package com.example.neg30;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;

public class ProductAdminController {

    private ProductMapper productMapper;

    @PostMapping("/products/{id}/archive")
    public void archive(@PathVariable Long id) {
        Product p = productMapper.findById(id);
        if (!"ARCHIVED".equals(p.getStatus())) {
            productMapper.updateStatus(id, "ARCHIVED");
        }
    }
}

interface ProductMapper {
    @Select("SELECT id, status FROM product WHERE id = #{id}")
    Product findById(@Param("id") Long id);

    @Update("UPDATE product SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") Long id, @Param("status") String status);
}

class Product {
    Long id;
    String status;

    String getStatus() {
        return status;
    }
}
